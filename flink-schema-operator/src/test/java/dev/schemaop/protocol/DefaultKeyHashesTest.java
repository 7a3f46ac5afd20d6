package dev.schemaop.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DefaultDataChangeEventHashFunctionProvider;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Set;

class DefaultKeyHashesTest {
    private static final Schema MIXED_KEY =
            Schema.newBuilder()
                    .physicalColumn("note", DataTypes.STRING())
                    .physicalColumn("id", DataTypes.BIGINT().notNull())
                    .physicalColumn("code", DataTypes.VARCHAR(10).notNull())
                    .physicalColumn("price", DataTypes.DECIMAL(10, 2).notNull())
                    .physicalColumn("at", DataTypes.TIMESTAMP(3).notNull())
                    .primaryKey("code", "id", "price", "at")
                    .build();
    private static final Schema BINARY_KEY =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.BINARY(16).notNull())
                    .physicalColumn("name", DataTypes.STRING())
                    .primaryKey("id")
                    .build();

    private static DataChangeEvent mixed(TableId table, long id) {
        return DataChangeEvent.insertEvent(
                table,
                generator(MIXED_KEY)
                        .generate(
                                new Object[] {
                                    BinaryStringData.fromString("n" + id),
                                    id,
                                    BinaryStringData.fromString("c" + (id % 7)),
                                    DecimalData.fromBigDecimal(BigDecimal.valueOf(id, 2), 10, 2),
                                    TimestampData.fromMillis(1_700_000_000_000L + id)
                                }));
    }

    private static DataChangeEvent binary(int id) {
        byte[] key = new byte[16];
        key[15] = (byte) id;
        key[0] = (byte) (id >> 8);
        return DataChangeEvent.insertEvent(
                TableId.tableId("db", "blobs"),
                generator(BINARY_KEY)
                        .generate(new Object[] {key, BinaryStringData.fromString("b" + id)}));
    }

    private static BinaryRecordDataGenerator generator(Schema schema) {
        return new BinaryRecordDataGenerator(schema.getColumnDataTypes().toArray(new DataType[0]));
    }

    @Test
    void everyKeyButABinaryOneHashesExactlyAsFlinkCdcsDefault() {
        for (TableId table :
                new TableId[] {
                    TableId.tableId("t"), TableId.tableId("db", "t"), TableId.tableId("n", "s", "t")
                }) {
            HashFunction<DataChangeEvent> ours =
                    new DefaultKeyHashes().getHashFunction(table, MIXED_KEY);
            HashFunction<DataChangeEvent> flinkCdcs =
                    new DefaultDataChangeEventHashFunctionProvider()
                            .getHashFunction(table, MIXED_KEY);
            for (long id = -500; id < 500; id++) {
                DataChangeEvent row = mixed(table, id);
                assertThat(ours.hashcode(row)).isEqualTo(flinkCdcs.hashcode(row));
                DataChangeEvent delete = DataChangeEvent.deleteEvent(table, row.after());
                assertThat(ours.hashcode(delete)).isEqualTo(flinkCdcs.hashcode(delete));
            }
        }
    }

    /** Every other key type, a null key value, updates, and a table without a key. */
    @Test
    void otherKeyTypesNullsUpdatesAndNoKeyHashAsFlinkCdcsDefault() {
        Schema typed =
                Schema.newBuilder()
                        .physicalColumn("flag", DataTypes.BOOLEAN().notNull())
                        .physicalColumn("ratio", DataTypes.DOUBLE().notNull())
                        .physicalColumn("day", DataTypes.DATE().notNull())
                        .physicalColumn("at", DataTypes.TIME().notNull())
                        .physicalColumn("code", DataTypes.CHAR(3))
                        .physicalColumn("ltz", DataTypes.TIMESTAMP_LTZ(3).notNull())
                        .primaryKey("flag", "ratio", "day", "at", "code", "ltz")
                        .build();
        Schema noKey = Schema.newBuilder().physicalColumn("v", DataTypes.INT()).build();
        TableId table = TableId.tableId("db", "typed");
        HashFunction<DataChangeEvent> ours = new DefaultKeyHashes().getHashFunction(table, typed);
        HashFunction<DataChangeEvent> flinkCdcs =
                new DefaultDataChangeEventHashFunctionProvider().getHashFunction(table, typed);
        for (int i = 0; i < 100; i++) {
            Object[] values = {
                i % 2 == 0,
                i * 0.5,
                19000 + i,
                i * 1000,
                i % 3 == 0 ? null : BinaryStringData.fromString("c" + (i % 10)),
                LocalZonedTimestampData.fromEpochMillis(1_700_000_000_000L + i)
            };
            DataChangeEvent update =
                    DataChangeEvent.updateEvent(
                            table,
                            generator(typed).generate(values),
                            generator(typed).generate(values));
            assertThat(ours.hashcode(update)).isEqualTo(flinkCdcs.hashcode(update));
        }
        DataChangeEvent unkeyed =
                DataChangeEvent.insertEvent(table, generator(noKey).generate(new Object[] {7}));
        assertThat(new DefaultKeyHashes().getHashFunction(table, noKey).hashcode(unkeyed))
                .isEqualTo(
                        new DefaultDataChangeEventHashFunctionProvider()
                                .getHashFunction(table, noKey)
                                .hashcode(unkeyed));
    }

    @Test
    void aBinaryKeyHashesByItsBytes() {
        HashFunction<DataChangeEvent> ours =
                new DefaultKeyHashes().getHashFunction(TableId.tableId("db", "blobs"), BINARY_KEY);
        HashFunction<DataChangeEvent> flinkCdcs =
                new DefaultDataChangeEventHashFunctionProvider()
                        .getHashFunction(TableId.tableId("db", "blobs"), BINARY_KEY);
        Set<Integer> flinkCdcsOfOneKey = new HashSet<>();
        Set<Integer> spread = new HashSet<>();
        for (int id = 0; id < 200; id++) {
            assertThat(ours.hashcode(binary(id))).isEqualTo(ours.hashcode(binary(id)));
            flinkCdcsOfOneKey.add(flinkCdcs.hashcode(binary(7)));
            spread.add(Math.floorMod(ours.hashcode(binary(id)), 4));
        }
        assertThat(flinkCdcsOfOneKey).as("Flink CDC's: by identity").hasSizeGreaterThan(1);
        assertThat(spread).as("the keys still spread over the subtasks").hasSize(4);
    }

    @Test
    void onlyFlinkCdcsDefaultIsReplaced() {
        HashFunctionProvider<DataChangeEvent> own = (table, schema) -> event -> 0;

        assertThat(
                        DefaultKeyHashes.replacingDefault(
                                new DefaultDataChangeEventHashFunctionProvider()))
                .isInstanceOf(DefaultKeyHashes.class);
        assertThat(DefaultKeyHashes.replacingDefault(own)).isSameAs(own);
    }
}
