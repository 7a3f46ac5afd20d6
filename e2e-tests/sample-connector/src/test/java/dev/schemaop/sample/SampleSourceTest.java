package dev.schemaop.sample;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Runs the FLIP-27 source on a local MiniCluster into a plain collecting sink. */
class SampleSourceTest {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    private static final TableId TABLE = TableId.tableId("sample", "items");

    @BeforeEach
    void clear() {
        CollectingSink.clear();
    }

    @Test
    void emitsTheExactScriptForFourRowsAtParallelismOne() throws Exception {
        List<Event> events = run(4, 1);

        assertThat(Events.describe(events))
                .containsExactly(
                        "CreateTableEvent{tableId=sample.items, schema=columns={`id` INT NOT NULL,"
                                + "`name` VARCHAR(20)}, primaryKeys=id, options=()}",
                        "INSERT sample.items before=null after=[1, item-1]",
                        "INSERT sample.items before=null after=[2, item-2]",
                        "AddColumnEvent{tableId=sample.items, addedColumns=[ColumnWithPosition{"
                                + "column=`price` DECIMAL(10, 2), position=LAST,"
                                + " existedColumnName=null}]}",
                        "INSERT sample.items before=null after=[3, item-3, 3.50]",
                        "INSERT sample.items before=null after=[4, item-4, 4.50]",
                        "AlterColumnTypeEvent{tableId=sample.items, typeMapping={name=VARCHAR(50)}}",
                        "UPDATE sample.items before=[1, item-1, null]"
                                + " after=[1, one-updated, 1.50]");

        // The same sequence built independently, compared with the events' own equals()
        // (binary rows compare byte-wise, so this also pins the rows' physical types).
        DataType[] v1 = {DataTypes.INT().notNull(), DataTypes.VARCHAR(20)};
        DataType[] v2 = {
            DataTypes.INT().notNull(), DataTypes.VARCHAR(20), DataTypes.DECIMAL(10, 2)
        };
        DataType[] v3 = {
            DataTypes.INT().notNull(), DataTypes.VARCHAR(50), DataTypes.DECIMAL(10, 2)
        };
        BinaryRecordDataGenerator g1 = new BinaryRecordDataGenerator(v1);
        BinaryRecordDataGenerator g2 = new BinaryRecordDataGenerator(v2);
        BinaryRecordDataGenerator g3 = new BinaryRecordDataGenerator(v3);
        Schema schema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(20))
                        .primaryKey("id")
                        .build();
        assertThat(events)
                .containsExactly(
                        new CreateTableEvent(TABLE, schema),
                        DataChangeEvent.insertEvent(
                                TABLE, g1.generate(new Object[] {1, s("item-1")})),
                        DataChangeEvent.insertEvent(
                                TABLE, g1.generate(new Object[] {2, s("item-2")})),
                        new AddColumnEvent(
                                TABLE,
                                List.of(
                                        AddColumnEvent.last(
                                                Column.physicalColumn(
                                                        "price", DataTypes.DECIMAL(10, 2))))),
                        DataChangeEvent.insertEvent(
                                TABLE, g2.generate(new Object[] {3, s("item-3"), d("3.50")})),
                        DataChangeEvent.insertEvent(
                                TABLE, g2.generate(new Object[] {4, s("item-4"), d("4.50")})),
                        new AlterColumnTypeEvent(TABLE, Map.of("name", DataTypes.VARCHAR(50))),
                        DataChangeEvent.updateEvent(
                                TABLE,
                                g3.generate(new Object[] {1, s("item-1"), null}),
                                g3.generate(new Object[] {1, s("one-updated"), d("1.50")})));
    }

    @Test
    void emitsTheScriptExactlyOnceAtParallelismTwo() throws Exception {
        List<Event> events = run(4, 2);

        assertThat(Events.describe(events))
                .containsExactlyElementsOf(Events.describe(new SampleScript(4).events()));
    }

    private static List<Event> run(int rows, int parallelism) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        // Events are handed over by reference between chained operators (no Kryo copies).
        env.getConfig().enableObjectReuse();
        env.fromSource(
                        new SampleSource(rows),
                        WatermarkStrategy.noWatermarks(),
                        "sample-source",
                        TypeInformation.of(Event.class))
                .sinkTo(new CollectingSink());
        env.execute("sample-source-test");
        return CollectingSink.events();
    }

    private static BinaryStringData s(String value) {
        return BinaryStringData.fromString(value);
    }

    private static DecimalData d(String value) {
        return DecimalData.fromBigDecimal(new BigDecimal(value), 10, 2);
    }
}
