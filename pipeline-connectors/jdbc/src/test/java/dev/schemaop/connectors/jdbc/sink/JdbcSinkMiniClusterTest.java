package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.Rows;
import dev.schemaop.connectors.jdbc.testutil.TestDatabase;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.EventTypeInfo;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The sink in a real Flink job on a MiniCluster (its writer, timers and end-of-input flush). */
class JdbcSinkMiniClusterTest {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(1)
                            .build());

    @Test
    void aFlinkJobWritesThroughTheSink() throws Exception {
        JdbcEndpoints.Endpoint pg = JdbcEndpoints.postgres();
        try (TestDatabase db = TestDatabase.fresh(pg, "jdbc_it_minicluster_pg")) {
            TableId t = TableId.tableId(db.schema(), "orders");
            Schema v1 =
                    Schema.newBuilder()
                            .physicalColumn("id", DataTypes.INT().notNull())
                            .physicalColumn("name", DataTypes.STRING())
                            .primaryKey("id")
                            .build();
            AddColumnEvent add =
                    new AddColumnEvent(
                            t,
                            List.of(
                                    AddColumnEvent.last(
                                            Column.physicalColumn("qty", DataTypes.INT()))));
            Schema v2 =
                    Schema.newBuilder()
                            .physicalColumn("id", DataTypes.INT().notNull())
                            .physicalColumn("name", DataTypes.STRING())
                            .physicalColumn("qty", DataTypes.INT())
                            .primaryKey("id")
                            .build();
            JdbcMetadataApplier applier = new JdbcMetadataApplier(pg.dialect(), pg.options(), 1);
            applier.applySchemaChange(new CreateTableEvent(t, v1));
            applier.applySchemaChange(add);
            applier.close();

            List<Event> events = new ArrayList<>();
            events.add(new CreateTableEvent(t, v1));
            Rows r1 = new Rows(t, v1);
            for (int i = 1; i <= 25; i++) {
                events.add(r1.insert(i, "n" + i));
            }
            events.add(r1.delete(3, "n3"));
            events.add(add);
            Rows r2 = new Rows(t, v2);
            events.add(r2.insert(4, "four", 4));
            events.add(r2.insert(26, "n26", 26));

            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setParallelism(1);
            env.fromData(new EventTypeInfo(), events.toArray(new Event[0]))
                    .sinkTo(
                            new JdbcSink(
                                    pg.dialect(),
                                    pg.options(),
                                    new WriteOptions(10, Duration.ofMillis(50), 1)))
                    .name("jdbc");
            env.execute("jdbc sink test");

            assertThat(db.queryText("SELECT COUNT(*), SUM(id) FROM " + db.table("orders")))
                    .containsExactly("25, 348");
            assertThat(
                            db.queryText(
                                    "SELECT * FROM "
                                            + db.table("orders")
                                            + " WHERE id IN (3, 4, 26)"
                                            + " ORDER BY id"))
                    .containsExactly("4, four, 4", "26, n26, 26");
        }
    }
}
