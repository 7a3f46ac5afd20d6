package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.Rows;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.data.GenericArrayData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;

class PostgresWriterIntegrationTest extends WriterIntegrationTestBase {

    private static final String APPLICATION = "jdbc_it_writer_pg";

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.postgres();
    }

    @Override
    protected String schema() {
        return "jdbc_it_writer_pg";
    }

    @Override
    protected JdbcConnectionOptions sinkOptions() {
        String url = endpoint().url();
        return new JdbcConnectionOptions(
                url + (url.contains("?") ? "&" : "?") + "ApplicationName=" + APPLICATION,
                endpoint().user(),
                endpoint().password());
    }

    @Override
    protected void killSinkConnections() throws SQLException {
        db.queryText(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '"
                        + APPLICATION
                        + "'");
    }

    @Override
    protected Instant readInstant(ResultSet rs, int column) throws SQLException {
        return rs.getObject(column, OffsetDateTime.class).toInstant();
    }

    @Override
    protected String charAb() {
        return "ab ";
    }

    @Override
    protected String notNull(String table, String column) {
        return "ALTER TABLE " + table + " ALTER COLUMN " + column + " SET NOT NULL";
    }

    private static final String NO_SILENT_CHANGE =
            ". The sink changes and drops no value by itself: correct the value at the source, or"
                    + " give the column a type that holds it, then restart the pipeline from its"
                    + " last checkpoint";

    /**
     * PostgreSQL text cannot hold U+0000: the writer fails, before the batch is sent, with the
     * table, the column, the kind of value and the row's key, as a failure a restart cannot fix.
     */
    @Test
    void aNulCharacterFailsTheWriterBeforeTheBatchIsSent() throws Exception {
        SinkWriter<Event> writer = writer(1000, Duration.ZERO);
        TableId t = table("nul");
        Schema schema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(20))
                        .physicalColumn("tags", DataTypes.ARRAY(DataTypes.STRING()))
                        .primaryKey("id")
                        .build();
        schemaChange(writer, new CreateTableEvent(t, schema));
        Rows rows = new Rows(t, schema);
        write(
                writer,
                rows.insert(1, "fine", null),
                // a backslash and "u0000" are text, not the character
                rows.insert(2, "\\u0000", tags("\\u0000")));
        assertThatThrownBy(() -> writer.write(rows.insert(3, "a\0b", null), null))
                .isInstanceOf(NonRecoverableException.class)
                .hasMessage(
                        "postgres sink writer 0 cannot write a row of table "
                                + schema()
                                + ".nul (primary key id=3): column name holds a string with the NUL"
                                + " character U+0000, which PostgreSQL text cannot store"
                                + NO_SILENT_CHANGE);
        assertThatThrownBy(() -> writer.write(rows.insert(4, "ok", tags("x", "y\0")), null))
                .isInstanceOf(NonRecoverableException.class)
                .hasMessage(
                        "postgres sink writer 0 cannot write a row of table "
                                + schema()
                                + ".nul (primary key id=4): column tags holds a string with the NUL"
                                + " character U+0000 inside its JSON, which PostgreSQL jsonb cannot"
                                + " store"
                                + NO_SILENT_CHANGE);
        writer.flush(false);
        assertThat(db.rows("nul", "id"))
                .containsExactly("1, fine, null", "2, \\u0000, [\"\\\\u0000\"]");
    }

    private static GenericArrayData tags(String... tags) {
        Object[] values = new Object[tags.length];
        for (int i = 0; i < tags.length; i++) {
            values[i] = BinaryStringData.fromString(tags[i]);
        }
        return new GenericArrayData(values);
    }

    /** real and double precision hold NaN and both infinities. */
    @Test
    void floatsKeepNaNAndInfinities() throws Exception {
        SinkWriter<Event> writer = writer(1000, Duration.ZERO);
        TableId t = table("floats");
        Schema schema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("r", DataTypes.FLOAT())
                        .physicalColumn("d", DataTypes.DOUBLE())
                        .primaryKey("id")
                        .build();
        schemaChange(writer, new CreateTableEvent(t, schema));
        Rows rows = new Rows(t, schema);
        write(
                writer,
                rows.insert(1, Float.NaN, Double.POSITIVE_INFINITY),
                rows.insert(2, Float.NEGATIVE_INFINITY, Double.NaN),
                rows.insert(3, Float.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
        writer.flush(false);
        assertThat(
                        db.queryText(
                                "SELECT id, r::text, d::text FROM "
                                        + db.table("floats")
                                        + " ORDER BY id"))
                .containsExactly("1, NaN, Infinity", "2, -Infinity, NaN", "3, Infinity, -Infinity");
    }
}
