package dev.schemaop.connectors.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.sink.JdbcMetadataApplier;
import dev.schemaop.connectors.jdbc.sink.JdbcSink;
import dev.schemaop.connectors.jdbc.sink.WriteOptions;
import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.LogCapture;
import dev.schemaop.connectors.jdbc.testutil.ManualTimeService;
import dev.schemaop.connectors.jdbc.testutil.Rows;
import dev.schemaop.connectors.jdbc.testutil.TestDatabase;
import dev.schemaop.connectors.jdbc.testutil.TestWriterInitContext;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Wrong credentials, an unreachable port and a missing database give one clear message naming the
 * url and what to check, at submission (the factory) and at first use (applier, writer); the
 * password is in no message, no cause, no {@code toString()} and no log line.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ConnectionErrorsIntegrationTestBase {

    static final String SECRET = "S3cret-Pa55word-xyz";

    protected TestDatabase db;
    protected LogCapture log;

    protected abstract JdbcEndpoints.Endpoint endpoint();

    protected abstract String schema();

    protected abstract JdbcDataSinkFactory factory();

    /** A user and password the server refuses, the password being {@link #SECRET}. */
    protected abstract Map<String, String> wrongCredentials();

    /** The endpoint's url with another port or database. */
    protected abstract String urlWithPort(int port);

    protected abstract String urlWithDatabase(String database);

    @BeforeAll
    void setUp() throws Exception {
        db = TestDatabase.fresh(endpoint(), schema());
    }

    @AfterAll
    void tearDown() throws Exception {
        if (db != null) {
            db.close();
        }
    }

    @BeforeEach
    void captureLog() {
        log = LogCapture.start();
    }

    @AfterEach
    void noPasswordInTheLog() {
        log.close();
        assertThat(log.text()).doesNotContain(SECRET);
    }

    protected DataSink create(Map<String, String> options) {
        Configuration config = new Configuration();
        options.forEach(
                (k, v) -> config.set(ConfigOptions.key(k).stringType().noDefaultValue(), v));
        return factory()
                .createDataSink(
                        new FactoryHelper.DefaultContext(
                                config, new Configuration(), getClass().getClassLoader()));
    }

    /** Message, causes and stack trace, as a log line would show them. */
    static String everything(Throwable e) {
        StringWriter out = new StringWriter();
        e.printStackTrace(new PrintWriter(out));
        return out + "\n" + e;
    }

    @Test
    void anUnreachablePortFailsTheSubmissionNamingHostAndPort() {
        String url = urlWithPort(1);
        assertThatThrownBy(
                        () ->
                                create(
                                        Map.of(
                                                "url", url,
                                                "username", endpoint().user(),
                                                "password", SECRET)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "cannot connect as user '" + endpoint().user() + "' at " + url)
                .hasMessageContaining("Check the host and port in the url")
                .satisfies(e -> assertThat(everything(e)).doesNotContain(SECRET));
    }

    @Test
    void wrongCredentialsFailTheSubmissionNamingTheCredentials() {
        Map<String, String> options = new HashMap<>(wrongCredentials());
        options.put("url", endpoint().url());
        assertThatThrownBy(() -> create(options))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(endpoint().url())
                .hasMessageContaining("Check the credentials")
                .satisfies(e -> assertThat(everything(e)).doesNotContain(SECRET));
    }

    /** A user that does not exist, given in the url. */
    private String urlWithUser(String user) {
        String url = endpoint().url();
        return url + (url.contains("?") ? "&" : "?") + "user=" + user;
    }

    /** The driver connects as the url's user parameter: the message names that user. */
    @Test
    void theUrlsUserIsTheUserNamed() {
        String url = urlWithUser("jdbc_it_url_user");
        assertThatThrownBy(() -> create(Map.of("url", url, "password", SECRET)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "cannot connect as user 'jdbc_it_url_user' (the url's user parameter) at "
                                + url
                                + ": ")
                .hasMessageEndingWith(
                        "Check the credentials: the user parameter in the url and the sink option"
                                + " 'password'.")
                .satisfies(e -> assertThat(everything(e)).doesNotContain(SECRET));
    }

    /** With both, the drivers take the url's user: the message says so and names both. */
    @Test
    void theUrlsUserWinsOverTheUsernameOption() {
        String url = urlWithUser("jdbc_it_url_user");
        assertThatThrownBy(
                        () ->
                                create(
                                        Map.of(
                                                "url", url,
                                                "username", endpoint().user(),
                                                "password", SECRET)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "cannot connect as user 'jdbc_it_url_user' (the url's user parameter,"
                                + " which the driver takes over the option 'username': '"
                                + endpoint().user()
                                + "') at "
                                + url
                                + ": ")
                .satisfies(e -> assertThat(everything(e)).doesNotContain(SECRET));
    }

    @Test
    void aPasswordInTheUrlIsMaskedToo() {
        String url =
                urlWithPort(1) + (urlWithPort(1).contains("?") ? "&" : "?") + "password=" + SECRET;
        assertThatThrownBy(() -> create(Map.of("url", url, "username", endpoint().user())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("password=***")
                .satisfies(e -> assertThat(everything(e)).doesNotContain(SECRET));
    }

    @Test
    void aMissingDatabaseFailsTheSubmissionNamingTheDatabase() {
        String url = urlWithDatabase("jdbc_it_no_such_database");
        assertThatThrownBy(
                        () ->
                                create(
                                        Map.of(
                                                "url", url,
                                                "username", endpoint().user(),
                                                "password", endpoint().password())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(url)
                .hasMessageContaining("Check the database named in the url");
    }

    @Test
    void aUrlOfAnotherDatabaseIsRefused() {
        assertThatThrownBy(() -> create(Map.of("url", "jdbc:sqlite:/tmp/x?password=" + SECRET)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must start with " + endpoint().dialect().urlPrefix())
                .satisfies(e -> assertThat(everything(e)).doesNotContain(SECRET));
    }

    @Test
    void theApplierAndTheWriterReportWrongCredentialsWithoutThePassword() throws Exception {
        JdbcConnectionOptions wrong =
                new JdbcConnectionOptions(
                        endpoint().url(),
                        wrongCredentials().get("username"),
                        wrongCredentials().get("password"));
        TableId t = TableId.tableId(schema(), "t");
        Schema schema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .primaryKey("id")
                        .build();
        JdbcMetadataApplier applier = new JdbcMetadataApplier(endpoint().dialect(), wrong, 3);
        assertThat(applier.toString()).doesNotContain(SECRET);
        long start = System.nanoTime();
        assertThatThrownBy(() -> applier.applySchemaChange(new CreateTableEvent(t, schema)))
                .isInstanceOfSatisfying(
                        SchemaEvolveException.class,
                        e ->
                                assertThat(e.getExceptionMessage())
                                        .contains("could not apply create.table")
                                        .contains(endpoint().url())
                                        .contains("Check the credentials"))
                .satisfies(e -> assertThat(everything(e)).doesNotContain(SECRET));
        // wrong credentials are not retried
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        applier.close();

        JdbcSink sink =
                new JdbcSink(endpoint().dialect(), wrong, new WriteOptions(10, Duration.ZERO, 3));
        assertThat(sink.toString()).doesNotContain(SECRET);
        SinkWriter<Event> writer =
                sink.createWriter(new TestWriterInitContext(0, new ManualTimeService()));
        writer.write(new CreateTableEvent(t, schema), null);
        writer.write(new Rows(t, schema).insert(1), null);
        assertThatThrownBy(() -> writer.flush(false))
                .as("refused credentials end the job: a restart would meet them again")
                .isInstanceOf(NonRecoverableException.class)
                .hasMessageContaining("could not write 1 row change(s)")
                .hasMessageContaining("Check the credentials")
                .satisfies(e -> assertThat(everything(e)).doesNotContain(SECRET));
        writer.close();
    }
}
