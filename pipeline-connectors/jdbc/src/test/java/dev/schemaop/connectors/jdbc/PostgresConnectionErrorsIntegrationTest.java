package dev.schemaop.connectors.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.sink.JdbcMetadataApplier;
import dev.schemaop.connectors.jdbc.sink.JdbcSink;
import dev.schemaop.connectors.jdbc.sink.WriteOptions;
import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.ManualTimeService;
import dev.schemaop.connectors.jdbc.testutil.Rows;
import dev.schemaop.connectors.jdbc.testutil.TestWriterInitContext;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

class PostgresConnectionErrorsIntegrationTest extends ConnectionErrorsIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.postgres();
    }

    @Override
    protected String schema() {
        return "jdbc_it_errors_pg";
    }

    @Override
    protected JdbcDataSinkFactory factory() {
        return new PostgresDataSinkFactory();
    }

    /** A user that does not exist (the local server trusts every password of users it has). */
    @Override
    protected Map<String, String> wrongCredentials() {
        return Map.of("username", "jdbc_it_no_such_user", "password", SECRET);
    }

    @Override
    protected String urlWithPort(int port) {
        return endpoint().url().replaceFirst("://([^/:]+)(:\\d+)?/", "://$1:" + port + "/");
    }

    @Override
    protected String urlWithDatabase(String database) {
        return endpoint().url().replaceFirst("/[^/?]*(\\?|$)", "/" + database + "$1");
    }

    /**
     * A whole run with a password (which the local server does not check): nothing prints it. The
     * base class checks the log after every test.
     */
    @Test
    void aRunWithAPasswordPrintsItNowhere() throws Exception {
        DataSink sink =
                create(
                        Map.of(
                                "url",
                                endpoint().url(),
                                "username",
                                endpoint().user(),
                                "password",
                                SECRET,
                                "sink.buffer-flush.max-rows",
                                "2"));
        assertThat(sink.toString()).doesNotContain(SECRET);
        MetadataApplier applier = sink.getMetadataApplier();
        JdbcSink flinkSink = (JdbcSink) ((FlinkSinkProvider) sink.getEventSinkProvider()).getSink();
        assertThat(applier.toString()).doesNotContain(SECRET);
        assertThat(flinkSink.toString()).doesNotContain(SECRET);
        TableId t = TableId.tableId(schema(), "with_password");
        Schema schema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("v", DataTypes.STRING())
                        .primaryKey("id")
                        .build();
        applier.applySchemaChange(new CreateTableEvent(t, schema));
        SinkWriter<Event> writer =
                flinkSink.createWriter(new TestWriterInitContext(0, new ManualTimeService()));
        assertThat(writer.toString()).doesNotContain(SECRET);
        writer.write(new CreateTableEvent(t, schema), null);
        Rows rows = new Rows(t, schema);
        writer.write(rows.insert(1, "a"), null);
        writer.write(rows.insert(2, "b"), null);
        writer.write(rows.insert(3, "c"), null);
        writer.flush(true);
        writer.close();
        applier.close();
        assertThat(db.rows("with_password", "id")).containsExactly("1, a", "2, b", "3, c");
        // the log holds the connector's lines, the connections it opened included
        assertThat(log.text())
                .contains("postgres sink executed: CREATE TABLE")
                .contains(
                        "postgres-sink-writer-0: opened a connection as user '"
                                + endpoint().user()
                                + "' at "
                                + endpoint().url());
    }

    /** A user without the privilege to create schemas gets one message that says so. */
    @Test
    void aMissingPrivilegeIsNamed() throws Exception {
        db.execute(
                "DO $$ BEGIN CREATE ROLE jdbc_it_no_privileges LOGIN;"
                        + " EXCEPTION WHEN duplicate_object THEN NULL; END $$");
        JdbcMetadataApplier applier =
                new JdbcMetadataApplier(
                        endpoint().dialect(),
                        new JdbcConnectionOptions(
                                endpoint().url(), "jdbc_it_no_privileges", SECRET),
                        1);
        TableId t = TableId.tableId("jdbc_it_errors_pg_denied", "t");
        Schema schema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .primaryKey("id")
                        .build();
        assertThatThrownBy(() -> applier.applySchemaChange(new CreateTableEvent(t, schema)))
                .isInstanceOfSatisfying(
                        SchemaEvolveException.class,
                        e ->
                                assertThat(e.getExceptionMessage())
                                        .contains("permission denied")
                                        .contains("Check the privileges of the user"))
                .satisfies(e -> assertThat(everything(e)).doesNotContain(SECRET));
        applier.close();
        // nor a writer's
        SinkWriter<Event> writer =
                new JdbcSink(
                                endpoint().dialect(),
                                new JdbcConnectionOptions(
                                        endpoint().url(), "jdbc_it_no_privileges", SECRET),
                                new WriteOptions(10, Duration.ZERO, 1))
                        .createWriter(new TestWriterInitContext(0, new ManualTimeService()));
        TableId existing = TableId.tableId(schema(), "not_yours");
        db.execute("CREATE TABLE " + db.table("not_yours") + " (id int PRIMARY KEY)");
        writer.write(new CreateTableEvent(existing, schema), null);
        writer.write(new Rows(existing, schema).insert(1), null);
        assertThatThrownBy(() -> writer.flush(false))
                .hasMessageContaining("permission denied")
                .hasMessageContaining("Check the privileges of the user");
        writer.close();
    }
}
