package dev.schemaop.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.runtime.throwable.ThrowableAnnotation;
import org.apache.flink.runtime.throwable.ThrowableClassifier;
import org.apache.flink.runtime.throwable.ThrowableType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one rule for secrets (SPEC §9), table by table. */
class SecretsTest {
    private static final List<String> SECRETS = List.of("s3cret");

    @ParameterizedTest(name = "{0} sensitive: {1}")
    @CsvSource({
        // Flink's GlobalConfiguration.isSensitive, by each word it knows
        "password, true",
        "PASSWORD, true",
        "database.ssl.truststore.password, true",
        "security.ssl.internal.key-password, true",
        "fs.s3a.secret.key, true",
        "s3.secret-key, true",
        "client-secret, true",
        "fs.azure.account.key.acct.blob.core.windows.net, true",
        "openai.apikey, true",
        "metrics.reporter.x.auth-params, true",
        "service-key, true",
        "access_token, true",
        "sasl.jaas.config, true",
        "metrics.reporter.x.basic-auth, true",
        "http-headers, true",
        // url parameters, case-insensitively
        "sslpassword, true",
        "trustStorePassword, true",
        "keyStorePassword, true",
        "keyPassword, true",
        "PWD, true",
        "pwd, true",
        // not secrets: names, places, files
        "username, false",
        "user, false",
        "url, false",
        "hostname, false",
        "fs.s3a.access.key, false",
        "sslkey, false",
        "trustStore, false",
        "keyStore, false",
        "debezium.snapshot.mode, false",
        "pwdless, false"
    })
    void aKeyIsSensitiveByFlinksRule(String key, boolean sensitive) {
        assertThat(Secrets.isSensitive(key)).isEqualTo(sensitive);
    }

    @Test
    void noKeyIsNotSensitive() {
        assertThat(Secrets.isSensitive(null)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "jdbc:postgresql://h:5432/db?user=u&password=s3cret&ssl=true"
                        + " | jdbc:postgresql://h:5432/db?user=u&password=***&ssl=true",
                "jdbc:mariadb://h/db?PASSWORD=s3cret | jdbc:mariadb://h/db?PASSWORD=***",
                "jdbc:mariadb://h/db?trustStorePassword=a&keyStorePassword=b&keyPassword=c"
                        + "&sslMode=verify-full"
                        + " | jdbc:mariadb://h/db?trustStorePassword=***&keyStorePassword=***"
                        + "&keyPassword=***&sslMode=verify-full",
                "jdbc:postgresql://h/db?sslpassword=x&sslkey=/k.pk8"
                        + " | jdbc:postgresql://h/db?sslpassword=***&sslkey=/k.pk8",
                "jdbc:sqlserver://h:1433;user=u;password=s3cret;encrypt=true"
                        + " | jdbc:sqlserver://h:1433;user=u;password=***;encrypt=true",
                "jdbc:db2://h:50000/db:user=u;password=s3cret;"
                        + " | jdbc:db2://h:50000/db:user=u;password=***;",
                "jdbc:x://h/db?access_token=t&PWD=p | jdbc:x://h/db?access_token=***&PWD=***",
                "jdbc:postgresql://h/db?password=p%40ss | jdbc:postgresql://h/db?password=***",
                "jdbc:postgresql://h/db?password=&ssl=true"
                        + " | jdbc:postgresql://h/db?password=***&ssl=true",
                "jdbc:mysql://u:s3cret@h:3306/db | jdbc:mysql://u:***@h:3306/db",
                "s3://AKIA:s3cret@bucket/warehouse | s3://AKIA:***@bucket/warehouse",
                "jdbc:mysql://u@h:3306/db | jdbc:mysql://u@h:3306/db",
                "jdbc:postgresql://h:5432/db?user=a@b.c | jdbc:postgresql://h:5432/db?user=a@b.c",
                "jdbc:postgresql://h/db | jdbc:postgresql://h/db",
                "file:///tmp/warehouse | file:///tmp/warehouse"
            })
    void aUrlShowsNoSecret(String url, String masked) {
        assertThat(Secrets.maskUrl(url)).isEqualTo(masked);
    }

    @Test
    void noUrlStaysNone() {
        assertThat(Secrets.maskUrl(null)).isNull();
        assertThat(Secrets.secretsInUrl(null)).isEmpty();
    }

    @Test
    void theSecretsOfAUrlAreItsSensitiveParametersAndItsUserInfo() {
        assertThat(
                        Secrets.secretsInUrl(
                                "jdbc:x://u:pw1@h/db?password=pw2&trustStorePassword=p%40ss"
                                        + "&user=u&ssl=true"))
                .containsExactly("pw2", "p%40ss", "p@ss", "pw1");
    }

    @Test
    void optionsKeepTheirOrderWithEverySecretMasked() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("url", "jdbc:postgresql://h/db?password=inurl&ssl=true");
        options.put("username", "u");
        options.put("password", "s3cret");
        options.put("debezium.some.token", "tok");
        options.put("catalog.properties.fs.s3a.secret.key", "sk");
        options.put("catalog.properties.fs.s3a.access.key", "AKIA");

        assertThat(Secrets.maskOptions(options))
                .containsExactly(
                        Map.entry("url", "jdbc:postgresql://h/db?password=***&ssl=true"),
                        Map.entry("username", "u"),
                        Map.entry("password", "***"),
                        Map.entry("debezium.some.token", "***"),
                        Map.entry("catalog.properties.fs.s3a.secret.key", "***"),
                        Map.entry("catalog.properties.fs.s3a.access.key", "AKIA"));
        assertThat(Secrets.secretsIn(options)).containsExactly("inurl", "s3cret", "tok", "sk");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "failed for s3cret and inurl | failed for *** and ***",
                "s3cret-longer and s3cret | *** and ***",
                "nothing here | nothing here"
            })
    void aTextLosesEachSecret(String text, String masked) {
        assertThat(Secrets.mask(text, List.of("s3cret", "", "inurl", "s3cret-longer")))
                .isEqualTo(masked);
    }

    @Test
    void noTextStaysNone() {
        assertThat(Secrets.mask(null, SECRETS)).isNull();
        assertThat(Secrets.holdsSecret(null, SECRETS)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "CREATE USER u IDENTIFIED BY 's3cr''et' | CREATE USER u IDENTIFIED BY '***'",
                "ALTER USER u IDENTIFIED BY PASSWORD '*AB12'"
                        + " | ALTER USER u IDENTIFIED BY PASSWORD '***'",
                "CREATE USER u IDENTIFIED VIA ed25519 USING PASSWORD('pw')"
                        + " | CREATE USER u IDENTIFIED VIA ed25519 USING PASSWORD('***')",
                "CREATE USER u IDENTIFIED WITH mysql_native_password AS 'hash'"
                        + " | CREATE USER u IDENTIFIED WITH mysql_native_password AS '***'",
                "SET PASSWORD FOR u = PASSWORD('pw') | SET PASSWORD FOR u = PASSWORD('***')",
                "CREATE SERVER s OPTIONS (USER 'a', PASSWORD 'pw')"
                        + " | CREATE SERVER s OPTIONS (USER 'a', PASSWORD '***')",
                "CREATE TABLE t (id INT) WITH ('fs.s3a.secret.key' = 'k', 'bucket' = 'b')"
                        + " | CREATE TABLE t (id INT) WITH ('fs.s3a.secret.key' = '***', 'bucket' = 'b')",
                "SET @api_token = \"tok\" | SET @api_token = '***'",
                "CREATE TABLE t (id INT) ENGINE=FEDERATED CONNECTION='mysql://u:pw@h:3306/db/t'"
                        + " | CREATE TABLE t (id INT) ENGINE=FEDERATED"
                        + " CONNECTION='mysql://u:***@h:3306/db/t'",
                "ALTER TABLE t ADD c INT COMMENT 'password reset'"
                        + " | ALTER TABLE t ADD c INT COMMENT 'password reset'",
                "ALTER TABLE t ADD password VARCHAR(5) DEFAULT 'x'"
                        + " | ALTER TABLE t ADD password VARCHAR(5) DEFAULT 'x'"
            })
    void aStatementShowsNoSecretLiteral(String statement, String masked) {
        assertThat(Secrets.maskStatement(statement)).isEqualTo(masked);
    }

    @Test
    void aSkippedSourceChangePrintsItsStatementMasked() {
        assertThat(
                        new SkippedSourceChange(
                                        null,
                                        "CREATE USER u IDENTIFIED BY 's3cret'",
                                        "unparseable",
                                        "binlog.000003:4567")
                                .toString())
                .isEqualTo(
                        "SkippedSourceChange{null unparseable at binlog.000003:4567:"
                                + " CREATE USER u IDENTIFIED BY '***'}");
    }

    @Test
    void aChainWithoutSecretsIsItself() {
        SQLException clean = new SQLException("connection refused", new IOException("reset"));
        assertThat(Secrets.scrub(clean, SECRETS)).isSameAs(clean);
        assertThat(Secrets.scrub(clean, List.of())).isSameAs(clean);
        assertThat(Secrets.scrub(null, SECRETS)).isNull();
    }

    @Test
    void aCauseIsCopiedOfItsOwnClassWithItsSecretMasked() {
        SQLException leaking =
                new SQLInvalidAuthorizationSpecException(
                        "outer", "28000", 1045, new IllegalStateException("inner s3cret here"));

        Throwable scrubbed = Secrets.scrub(leaking, SECRETS);

        assertThat(scrubbed).isExactlyInstanceOf(SQLInvalidAuthorizationSpecException.class);
        assertThat(scrubbed.getMessage()).isEqualTo("outer");
        assertThat(((SQLException) scrubbed).getSQLState()).isEqualTo("28000");
        assertThat(((SQLException) scrubbed).getErrorCode()).isEqualTo(1045);
        assertThat(scrubbed.getStackTrace()).isEqualTo(leaking.getStackTrace());
        assertThat(scrubbed.getCause())
                .isExactlyInstanceOf(IllegalStateException.class)
                .hasMessage("inner *** here")
                .hasNoCause();
        assertThat(scrubbed.getCause().getStackTrace())
                .isEqualTo(leaking.getCause().getStackTrace());
    }

    @Test
    void nextExceptionsOfABatchAreScrubbed() {
        BatchUpdateException batch = new BatchUpdateException("batch entry 0 failed", new int[0]);
        SQLException first = new SQLException("duplicate key (s3cret)", "23505", 7);
        first.setNextException(new SQLException("and again s3cret", "23505", 8));
        batch.setNextException(first);

        SQLException scrubbed = (SQLException) Secrets.scrub(batch, SECRETS);

        assertThat((Throwable) scrubbed)
                .isExactlyInstanceOf(BatchUpdateException.class)
                .hasMessage("batch entry 0 failed");
        SQLException next = scrubbed.getNextException();
        assertThat((Throwable) next)
                .isExactlyInstanceOf(SQLException.class)
                .hasMessage("duplicate key (***)");
        assertThat(next.getSQLState()).isEqualTo("23505");
        assertThat(next.getErrorCode()).isEqualTo(7);
        assertThat((Throwable) next.getNextException()).hasMessage("and again ***");
        assertThat(next.getNextException().getErrorCode()).isEqualTo(8);
        assertThat((Throwable) next.getNextException().getNextException()).isNull();
    }

    @Test
    void suppressedExceptionsAreScrubbed() {
        RuntimeException failure = new RuntimeException("write failed");
        failure.addSuppressed(new IOException("closing s3cret"));

        Throwable scrubbed = Secrets.scrub(failure, SECRETS);

        assertThat(scrubbed).isExactlyInstanceOf(RuntimeException.class).hasMessage("write failed");
        assertThat(scrubbed.getSuppressed()).hasSize(1);
        assertThat(scrubbed.getSuppressed()[0])
                .isExactlyInstanceOf(IOException.class)
                .hasMessage("closing ***");
    }

    @Test
    void aCycleIsCutWhereItCloses() {
        RuntimeException outer = new RuntimeException("outer s3cret");
        IllegalStateException inner = new IllegalStateException("inner");
        outer.initCause(inner);
        inner.initCause(outer);
        inner.addSuppressed(outer);

        Throwable scrubbed = Secrets.scrub(outer, SECRETS);

        assertThat(scrubbed).hasMessage("outer ***");
        assertThat(scrubbed.getCause()).hasMessage("inner").hasNoCause();
        assertThat(scrubbed.getCause().getSuppressed()).isEmpty();
    }

    @Test
    void aThousandNextExceptionsAreScrubbedWithoutRecursion() {
        SQLException head = new SQLException("head");
        SQLException last = head;
        for (int i = 0; i < 10_000; i++) {
            SQLException next = new SQLException("row " + i + " s3cret");
            last.setNextException(next);
            last = next;
        }

        SQLException scrubbed = (SQLException) Secrets.scrub(head, SECRETS);

        int count = 0;
        for (SQLException e = scrubbed.getNextException(); e != null; e = e.getNextException()) {
            assertThat((Throwable) e).hasMessage("row " + count + " ***");
            count++;
        }
        assertThat(count).isEqualTo(10_000);
    }

    /** No public constructor taking a message. */
    public static final class WithoutMessageConstructor extends RuntimeException {
        public WithoutMessageConstructor(String host, int port) {
            super("cannot reach " + host + ":" + port);
        }
    }

    /** Makes its own message from what it is given. */
    public static final class OwnMessage extends RuntimeException {
        public OwnMessage(String detail) {
            super("failed: " + detail);
        }
    }

    /** Its message constructor sets the cause, so no other can be set. */
    public static final class FixedCause extends RuntimeException {
        public FixedCause(String message) {
            super(message, null);
        }

        FixedCause(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A driver's exception, built from its own state type only (as PSQLException is). */
    public static final class DriverException extends SQLException {
        public DriverException(String message, Object driverState) {
            super(message, "08001", 17);
        }
    }

    /** A failure Flink must not restart, without a message constructor. */
    @ThrowableAnnotation(ThrowableType.NonRecoverableError)
    public static final class NotRestartable extends RuntimeException {
        public NotRestartable(String message, int code) {
            super(message);
        }
    }

    @Test
    void aClassThatCannotBeRebuiltBecomesAPlainCopyNamingIt() {
        Throwable scrubbed =
                Secrets.scrub(new WithoutMessageConstructor("s3cret.example", 1), SECRETS);
        assertThat(scrubbed)
                .isExactlyInstanceOf(Secrets.ScrubbedException.class)
                .hasMessage(
                        WithoutMessageConstructor.class.getName() + ": cannot reach ***.example:1");

        assertThat(Secrets.scrub(new OwnMessage("s3cret"), SECRETS))
                .isExactlyInstanceOf(Secrets.ScrubbedException.class)
                .hasMessage(OwnMessage.class.getName() + ": failed: ***");

        Throwable fixedCause =
                Secrets.scrub(new FixedCause("outer", new IOException("s3cret")), SECRETS);
        assertThat(fixedCause)
                .isExactlyInstanceOf(Secrets.ScrubbedException.class)
                .hasMessage(FixedCause.class.getName() + ": outer");
        assertThat(fixedCause.getCause()).isExactlyInstanceOf(IOException.class).hasMessage("***");
    }

    @Test
    void aPlainCopyKeepsWhatFailureHandlingReads() {
        Throwable driver = Secrets.scrub(new DriverException("no s3cret", new Object()), SECRETS);
        assertThat(driver)
                .isExactlyInstanceOf(Secrets.ScrubbedSqlException.class)
                .hasMessage(DriverException.class.getName() + ": no ***");
        assertThat(((SQLException) driver).getSQLState()).isEqualTo("08001");
        assertThat(((SQLException) driver).getErrorCode()).isEqualTo(17);

        Throwable notRestartable = Secrets.scrub(new NotRestartable("s3cret", 1), SECRETS);
        assertThat(notRestartable)
                .isExactlyInstanceOf(NonRecoverableException.class)
                .hasMessage(NotRestartable.class.getName() + ": ***");
        assertThat(ThrowableClassifier.getThrowableType(notRestartable))
                .isEqualTo(ThrowableType.NonRecoverableError);
    }
}
