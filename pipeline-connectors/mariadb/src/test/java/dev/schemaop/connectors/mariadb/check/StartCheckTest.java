package dev.schemaop.connectors.mariadb.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.connectors.debezium.StartupMode;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.mariadb.SourceSettings;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The start check's decisions and messages on a fake server (the real one keeps its binlog). */
class StartCheckTest {
    private static final String NL = System.lineSeparator();

    /** A server as the check sees it; each field a fact it reads. */
    private static final class FakeServer implements ServerFacts {
        String version = "10.11.19-MariaDB-0+deb12u1-log";
        String account = "cdc@%";
        final Map<String, String> variables =
                new HashMap<>(
                        Map.of(
                                "log_bin", "ON",
                                "binlog_format", "ROW",
                                "binlog_row_image", "FULL",
                                "log_bin_compress", "OFF"));
        List<String> grants =
                List.of(
                        "GRANT SELECT, RELOAD, SHOW DATABASES, REPLICATION SLAVE, BINLOG MONITOR ON"
                                + " *.* TO `cdc`@`%` IDENTIFIED BY PASSWORD '*hash'");
        final Map<String, List<String>> tables =
                new HashMap<>(
                        Map.of("app", List.of("orders", "customers"), "mysql", List.of("user")));

        @Override
        public String version() {
            return version;
        }

        @Override
        public String account() {
            return account;
        }

        @Override
        public Optional<String> globalVariable(String name) {
            return Optional.ofNullable(variables.get(name));
        }

        @Override
        public List<String> grants() {
            return grants;
        }

        @Override
        public List<String> databases() {
            List<String> names = new ArrayList<>(tables.keySet());
            names.add("information_schema");
            names.sort(null);
            return names;
        }

        @Override
        public List<String> tables(String database) {
            return tables.getOrDefault(database, List.of());
        }
    }

    private static SourceSettings settings(String... patterns) {
        List<TablePattern> tables = new ArrayList<>();
        for (String pattern : patterns) {
            tables.add(TablePattern.parse(pattern));
        }
        return new SourceSettings(
                "db.example",
                3307,
                "cdc",
                "pa55-secret",
                tables,
                5400,
                "UTC",
                StartupMode.INITIAL,
                1024,
                true,
                Duration.ofSeconds(30),
                false,
                SourceSettings.Unparseable.FAIL,
                Map.of());
    }

    @Test
    void aServerAsTheSourceNeedsItPasses() {
        assertThatCode(() -> StartCheck.check(settings("app.orders"), new FakeServer()))
                .doesNotThrowAnyException();
    }

    @Test
    void binlogOffNamesEverySettingAndTheMyCnfLines() {
        FakeServer server = new FakeServer();
        server.variables.put("log_bin", "OFF");
        server.variables.put("binlog_format", "MIXED");
        server.variables.put("binlog_row_image", "MINIMAL");
        server.variables.put("log_bin_compress", "ON");

        assertThatThrownBy(() -> StartCheck.check(settings("app.orders"), server))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "MariaDB at db.example:3307 does not write its binlog as the mariadb source"
                                + " reads it: log_bin is OFF, must be ON; binlog_format is MIXED,"
                                + " must be ROW; binlog_row_image is MINIMAL, must be FULL;"
                                + " log_bin_compress is ON, must be OFF (the source cannot read"
                                + " compressed binlog events). Set in the [mysqld] section of the"
                                + " server's my.cnf and restart the server:"
                                + NL
                                + "    log_bin = mysql-bin"
                                + NL
                                + "    binlog_format = ROW"
                                + NL
                                + "    binlog_row_image = FULL"
                                + NL
                                + "    log_bin_compress = OFF");
    }

    @Test
    void aWrongFormatWithTheBinlogOnAlsoNamesSetGlobal() {
        FakeServer server = new FakeServer();
        server.variables.put("binlog_row_image", "NOBLOB");
        server.variables.remove("log_bin_compress"); // a server without the variable

        assertThatThrownBy(() -> StartCheck.check(settings("app.orders"), server))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "MariaDB at db.example:3307 does not write its binlog as the mariadb source"
                                + " reads it: binlog_row_image is NOBLOB, must be FULL. Set in the"
                                + " [mysqld] section of the server's my.cnf and restart the"
                                + " server:"
                                + NL
                                + "    binlog_row_image = FULL"
                                + NL
                                + "or, without a restart, as an administrator: SET GLOBAL"
                                + " binlog_row_image = 'FULL'; (sessions open before keep the old"
                                + " value; the my.cnf lines keep it after a restart).");
    }

    @Test
    void missingPrivilegesNameTheGrant() {
        FakeServer server = new FakeServer();
        server.account = "cdc@10.0.%";
        server.grants =
                List.of(
                        "GRANT USAGE ON *.* TO `cdc`@`10.0.%`",
                        "GRANT SELECT, INSERT ON `app`.* TO `cdc`@`10.0.%`",
                        "GRANT `reader` TO `cdc`@`10.0.%`");

        assertThatThrownBy(() -> StartCheck.check(settings("app.orders"), server))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "The mariadb source's user 'cdc'@'10.0.%' at db.example:3307 lacks"
                                + " privileges the source needs to snapshot the tables and read"
                                + " the binlog: RELOAD, SHOW DATABASES, REPLICATION SLAVE, BINLOG"
                                + " MONITOR. As an administrator, run: GRANT RELOAD, SHOW"
                                + " DATABASES, REPLICATION SLAVE, BINLOG MONITOR ON *.* TO"
                                + " 'cdc'@'10.0.%';");
    }

    @Test
    void selectOnlyOnAnotherDatabaseIsNotEnough() {
        FakeServer server = new FakeServer();
        server.grants =
                List.of(
                        "GRANT RELOAD, SHOW DATABASES, REPLICATION SLAVE, REPLICATION CLIENT ON *.*"
                                + " TO `cdc`@`%`",
                        "GRANT SELECT (`id`, `name`) ON `other`.`t` TO `cdc`@`%`");

        assertThatThrownBy(() -> StartCheck.check(settings("app.orders"), server))
                .hasMessageContaining(
                        " the binlog: SELECT. As an administrator, run: GRANT SELECT ON *.* TO 'cdc'@'%';");
    }

    @Test
    void grantsThatCoverTheNeedPass() {
        FakeServer all = new FakeServer();
        all.grants = List.of("GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION");
        assertThatCode(() -> StartCheck.check(settings("app.orders"), all))
                .doesNotThrowAnyException();

        FakeServer perDatabase = new FakeServer();
        perDatabase.grants =
                List.of(
                        "GRANT RELOAD, SHOW DATABASES, REPLICATION SLAVE, BINLOG MONITOR ON *.* TO"
                                + " `cdc`@`%`",
                        "GRANT SELECT ON `app`.* TO `cdc`@`%`");
        assertThatCode(() -> StartCheck.check(settings("app.orders"), perDatabase))
                .doesNotThrowAnyException();
    }

    @Test
    void beforeMariaDb1052TheGrantNamesReplicationClient() {
        FakeServer server = new FakeServer();
        server.version = "10.4.34-MariaDB";
        server.grants = List.of("GRANT SELECT, RELOAD, SHOW DATABASES ON *.* TO `cdc`@`%`");

        assertThatThrownBy(() -> StartCheck.check(settings("app.orders"), server))
                .hasMessageContaining(
                        " the binlog: REPLICATION SLAVE, REPLICATION CLIENT. As an administrator,"
                                + " run: GRANT REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO"
                                + " 'cdc'@'%';");
        assertThat(StartCheck.hasBinlogMonitor("10.5.2-MariaDB")).isTrue();
        assertThat(StartCheck.hasBinlogMonitor("10.5.1-MariaDB")).isFalse();
        assertThat(StartCheck.hasBinlogMonitor("11.4.2-MariaDB")).isTrue();
        assertThat(StartCheck.hasBinlogMonitor("8.0.36")).isFalse();
    }

    @Test
    void tablesThatMatchNothingNameThePatternsAndTheDatabases() {
        assertThatThrownBy(
                        () ->
                                StartCheck.check(
                                        settings("app.order\\.*_v2", "ap.orders"),
                                        new FakeServer()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Option 'tables' of the mariadb source matches no table that user 'cdc'"
                                + " sees at db.example:3307: 'app.order\\.*_v2' matches database app"
                                + " but none of its tables (app.orders, app.customers); 'ap.orders'"
                                + " matches no database. Databases there: app. Write each entry as"
                                + " database.table, both regular expressions (\\. is any"
                                + " character), e.g. app_db.orders or app_db.\\.*");
        assertThatCode(() -> StartCheck.check(settings("ap.orders", "app.\\.*"), new FakeServer()))
                .as("one pattern that matches is enough")
                .doesNotThrowAnyException();
    }

    @Test
    void connectionMessagesNameHostPortAndUserButNeverThePassword() {
        SourceSettings settings = settings("app.orders");
        assertThat(
                        StartCheck.connectionMessage(
                                settings,
                                new SQLInvalidAuthorizationSpecException(
                                        "(conn=42) Access denied for user 'cdc'@'10.0.0.7' (using"
                                                + " password: YES)",
                                        "28000",
                                        1045)))
                .isEqualTo(
                        "The mariadb source cannot connect to MariaDB at db.example:3307 as user"
                                + " 'cdc': Access denied for user 'cdc'@'10.0.0.7' (using password:"
                                + " YES). Check the credentials: the source options 'username' and"
                                + " 'password'.");
        assertThat(
                        StartCheck.connectionMessage(
                                settings,
                                new SQLNonTransientConnectionException(
                                        "Socket fail to connect to db.example:3307. connect timed"
                                                + " out (pa55-secret)",
                                        "08000")))
                .isEqualTo(
                        "The mariadb source cannot connect to MariaDB at db.example:3307 as user"
                                + " 'cdc': Socket fail to connect to db.example:3307. connect timed"
                                + " out (***). Check 'hostname' and 'port', and that the server"
                                + " runs and accepts connections from here within"
                                + " 'connect.timeout' (30 s).");
        assertThat(StartCheck.connectionMessage(settings, new SQLException("odd", "HY000", 1)))
                .endsWith("'cdc': odd. Check 'hostname', 'port', 'username' and 'password'.");
    }

    @Test
    void aFailedConnectionShowsNoSecretOfTheDebeziumOptions() {
        SourceSettings settings =
                new SourceSettings(
                        "db.example",
                        3307,
                        "cdc",
                        "pa55-secret",
                        List.of(TablePattern.parse("app.orders")),
                        5400,
                        "UTC",
                        StartupMode.INITIAL,
                        1024,
                        true,
                        Duration.ofSeconds(30),
                        false,
                        SourceSettings.Unparseable.FAIL,
                        Map.of("database.trustStorePassword", "trust-pw"));
        SQLException refused =
                new SQLException("SSL: cannot open trust store with trust-pw", "08000");

        assertThat(StartCheck.connectionMessage(settings, refused))
                .isEqualTo(
                        "The mariadb source cannot connect to MariaDB at db.example:3307 as user"
                                + " 'cdc': SSL: cannot open trust store with ***. Check 'hostname'"
                                + " and 'port', and that the server runs and accepts connections"
                                + " from here within 'connect.timeout' (30 s).");
    }
}
