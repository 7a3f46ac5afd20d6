package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.Rows;

import org.apache.flink.api.connector.sink2.SinkWriter;
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
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

class MariaDbWriterIntegrationTest extends WriterIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.mariadb();
    }

    @Override
    protected String schema() {
        return "jdbc_it_writer_maria";
    }

    /** Connections that start in this class's database: the test finds them by it. */
    @Override
    protected JdbcConnectionOptions sinkOptions() {
        String url = endpoint().url();
        int query = url.indexOf('?');
        String base = query < 0 ? url : url.substring(0, query);
        String parameters = query < 0 ? "" : url.substring(query);
        base = base.substring(0, base.lastIndexOf('/') + 1) + schema();
        return new JdbcConnectionOptions(
                base + parameters, endpoint().user(), endpoint().password());
    }

    @Override
    protected void killSinkConnections() throws SQLException {
        List<String> ids =
                db.queryText(
                        "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = '"
                                + schema()
                                + "' AND ID <> CONNECTION_ID()");
        for (String id : ids) {
            db.execute("KILL CONNECTION " + id);
        }
    }

    /** TIMESTAMP columns hold UTC: the sink's sessions and the test's run at time zone UTC. */
    @Override
    protected Instant readInstant(ResultSet rs, int column) throws SQLException {
        return rs.getObject(column, LocalDateTime.class).toInstant(ZoneOffset.UTC);
    }

    @Override
    protected String charAb() {
        return "ab";
    }

    @Override
    protected String notNull(String table, String column) {
        return "ALTER TABLE " + table + " MODIFY " + column + " VARCHAR(20) NOT NULL";
    }

    private static final String NO_SILENT_CHANGE =
            ". The sink changes and drops no value by itself: correct the value at the source, or"
                    + " give the column a type that holds it, then restart the pipeline from its"
                    + " last checkpoint";

    /**
     * MariaDB's FLOAT and DOUBLE have no NaN or infinities: the writer fails, before the batch is
     * sent, with the table, the column, the value and the row's key (when the table has one), as a
     * failure a restart cannot fix.
     */
    @Test
    void nanAndInfinitiesFailTheWriterBeforeTheBatchIsSent() throws Exception {
        SinkWriter<Event> writer = writer(1000, Duration.ZERO);
        TableId t = table("floats");
        Schema schema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("ratio", DataTypes.DOUBLE())
                        .physicalColumn("f", DataTypes.FLOAT())
                        .primaryKey("id")
                        .build();
        schemaChange(writer, new CreateTableEvent(t, schema));
        Rows rows = new Rows(t, schema);
        write(writer, rows.insert(1, 1.5d, 2.5f));
        assertThatThrownBy(() -> writer.write(rows.insert(2, Double.NaN, 1f), null))
                .isInstanceOf(NonRecoverableException.class)
                .hasMessage(
                        "mariadb sink writer 0 cannot write a row of table "
                                + schema()
                                + ".floats (primary key id=2): column ratio holds NaN (not a"
                                + " number), which MariaDB FLOAT and DOUBLE cannot store"
                                + NO_SILENT_CHANGE);
        assertThatThrownBy(() -> writer.write(rows.insert(3, 1d, Float.NEGATIVE_INFINITY), null))
                .isInstanceOf(NonRecoverableException.class)
                .hasMessage(
                        "mariadb sink writer 0 cannot write a row of table "
                                + schema()
                                + ".floats (primary key id=3): column f holds -Infinity, which"
                                + " MariaDB FLOAT and DOUBLE cannot store"
                                + NO_SILENT_CHANGE);

        TableId u = table("floats_no_key");
        schemaChange(writer, new CreateTableEvent(u, noKey()));
        assertThatThrownBy(
                        () ->
                                writer.write(
                                        new Rows(u, noKey())
                                                .insert(1, "x", Double.POSITIVE_INFINITY),
                                        null))
                .isInstanceOf(NonRecoverableException.class)
                .hasMessage(
                        "mariadb sink writer 0 cannot write a row of table "
                                + schema()
                                + ".floats_no_key (a table without primary key): column c holds"
                                + " Infinity, which MariaDB FLOAT and DOUBLE cannot store"
                                + NO_SILENT_CHANGE);
        writer.flush(false);
        assertThat(db.rows("floats", "id")).containsExactly("1, 1.5, 2.5");
        assertThat(db.rows("floats_no_key", "a")).isEmpty();
    }
}
