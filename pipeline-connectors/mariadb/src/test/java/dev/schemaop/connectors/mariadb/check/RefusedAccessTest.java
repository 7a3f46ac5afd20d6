package dev.schemaop.connectors.mariadb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.debezium.StartupMode;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.mariadb.SourceSettings;

import com.github.shyiko.mysql.binlog.network.ServerException;
import io.debezium.DebeziumException;
import org.apache.kafka.connect.errors.ConnectException;
import org.junit.jupiter.api.Test;

import java.io.EOFException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The server's refusals of the source's user while the job runs, as each layer passes them on. */
class RefusedAccessTest {
    private static final String PASSWORD = "pa55-secret";
    private static final SourceSettings SETTINGS =
            new SourceSettings(
                    "db.example",
                    3307,
                    "cdc",
                    PASSWORD,
                    List.of(TablePattern.parse("app.orders")),
                    5400,
                    "UTC",
                    StartupMode.INITIAL,
                    1024,
                    true,
                    Duration.ofSeconds(30),
                    false,
                    SourceSettings.Unparseable.FAIL,
                    Map.of());

    private static final String REFUSED =
            "The MariaDB server at db.example:3307 refused the mariadb source's user 'cdc' while the job ran: ";
    private static final String CREDENTIALS =
            " Check the credentials (has the user's password changed?): the source options"
                    + " 'username' and 'password'.";
    private static final String PRIVILEGES =
            " The source needs SELECT, RELOAD, SHOW DATABASES, REPLICATION SLAVE and BINLOG"
                    + " MONITOR (REPLICATION CLIENT before MariaDB 10.5.2): as an administrator,"
                    + " grant what is missing (GRANT ... ON *.* TO the user).";
    private static final String ENDS =
            " A restart would be refused the same way, so the job ends; resubmit from the last"
                    + " checkpoint or savepoint (-s) once the server accepts the source.";

    private static String message(Throwable failure) {
        Optional<NonRecoverableException> refused = RefusedAccess.in(failure, SETTINGS);
        assertThat(refused).as("a refusal").isPresent();
        return refused.get().getMessage();
    }

    @Test
    void aWrongPasswordFromTheDriverNamesTheCredentials() {
        SQLException driver =
                new SQLException(
                        "(conn=12) Access denied for user 'cdc'@'10.0.0.1' (using password: YES)",
                        "28000",
                        1045);

        assertThat(message(new DebeziumException("Unable to connect", driver)))
                .isEqualTo(
                        REFUSED
                                + "Access denied for user 'cdc'@'10.0.0.1' (using password:"
                                + " YES)."
                                + CREDENTIALS
                                + ENDS);
    }

    @Test
    void aWrongPasswordFromTheBinlogClientNamesTheCredentials() {
        ServerException client =
                new ServerException(
                        "Access denied for user 'cdc'@'10.0.0.1' (using password: YES)",
                        1045,
                        "28000");

        assertThat(message(new ConnectException("producer", new DebeziumException(client))))
                .endsWith(CREDENTIALS + ENDS);
    }

    /** Debezium's check of the connector's configuration keeps only the driver's text. */
    @Test
    void aWrongPasswordDebeziumGivesAsTextNamesTheCredentials() {
        DebeziumException validation =
                new DebeziumException(
                        "Connector configuration is not valid. Unable to connect: (conn=2550)"
                                + " Access denied for user 'cdc'@'127.0.0.1' (using password:"
                                + " YES)");

        assertThat(message(validation))
                .isEqualTo(
                        REFUSED
                                + "Access denied for user 'cdc'@'127.0.0.1' (using password:"
                                + " YES)."
                                + CREDENTIALS
                                + ENDS);
    }

    @Test
    void aRevokedReplicationPrivilegeNamesThePrivileges() {
        ServerException client =
                new ServerException(
                        "Access denied; you need (at least one of) the REPLICATION SLAVE"
                                + " privilege(s) for this operation",
                        1227,
                        "42000");
        DebeziumException wrapped =
                new DebeziumException(
                        client.getMessage() + " Error code: 1227; SQLSTATE: 42000.", client);

        assertThat(message(new ConnectException("producer", wrapped)))
                .isEqualTo(
                        REFUSED
                                + "Access denied; you need (at least one of) the REPLICATION"
                                + " SLAVE privilege(s) for this operation."
                                + PRIVILEGES
                                + ENDS);
    }

    @Test
    void aRevokedSelectNamesThePrivileges() {
        SQLException driver =
                new SQLException(
                        "(conn=7) SELECT command denied to user 'cdc'@'10.0.0.1' for table"
                                + " `app`.`orders`",
                        "42000",
                        1142);

        assertThat(message(driver))
                .isEqualTo(
                        REFUSED
                                + "SELECT command denied to user 'cdc'@'10.0.0.1' for table"
                                + " `app`.`orders`."
                                + PRIVILEGES
                                + ENDS);
    }

    @Test
    void theServersWordsNeverCarryThePassword() {
        SQLException driver =
                new SQLException("Access denied for user 'cdc' with " + PASSWORD, "28000", 1045);

        assertThat(message(driver)).doesNotContain(PASSWORD).contains("with ***.");
    }

    /** A lost connection or a timeout may pass: the restart strategy decides. */
    @Test
    void otherFailuresAreNoRefusal() {
        assertThat(
                        RefusedAccess.in(
                                new DebeziumException(
                                        new SQLNonTransientConnectionException(
                                                "(conn=3) Connection reset", "08000", 0)),
                                SETTINGS))
                .isEmpty();
        assertThat(RefusedAccess.in(new ConnectException(new EOFException()), SETTINGS)).isEmpty();
    }
}
