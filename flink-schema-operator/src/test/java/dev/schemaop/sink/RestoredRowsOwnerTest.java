package dev.schemaop.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.DefaultKeyHashes;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DefaultDataChangeEventHashFunctionProvider;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class RestoredRowsOwnerTest {
    private static final TableId T = TableId.tableId("db", "t");
    private static final Schema V1 =
            Schema.newBuilder()
                    .physicalColumn("name", DataTypes.VARCHAR(10))
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .primaryKey("id")
                    .build();

    /** The key moved to the first position: the hash must read it where version 2 has it. */
    private static final Schema V2 =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(10))
                    .primaryKey("id")
                    .build();

    private static final SinkSchemaStep STEP1 =
            new SinkSchemaStep(T, 1, List.of(new CreateTableEvent(T, V1)), V1);
    private static final SinkSchemaStep STEP2 =
            new SinkSchemaStep(
                    T,
                    2,
                    List.of(
                            new AddColumnEvent(
                                    T,
                                    List.of(
                                            AddColumnEvent.first(
                                                    Column.physicalColumn("x", DataTypes.INT()))))),
                    V2);
    private static final DefaultDataChangeEventHashFunctionProvider HASHES =
            new DefaultDataChangeEventHashFunctionProvider();

    private static ChannelEvent.Row row(int version, int id) {
        Schema schema = version == 1 ? V1 : V2;
        DataType[] types = schema.getColumnDataTypes().toArray(new DataType[0]);
        BinaryStringData name = BinaryStringData.fromString("n" + id);
        Object[] values = version == 1 ? new Object[] {name, id} : new Object[] {id, name};
        return new ChannelEvent.Row(
                0,
                version,
                DataChangeEvent.insertEvent(
                        T, new BinaryRecordDataGenerator(types).generate(values)));
    }

    private static List<ChannelEvent.Row> rows() {
        List<ChannelEvent.Row> rows = new ArrayList<>();
        for (int id = 1; id <= 20; id++) {
            rows.add(row(id % 2 == 0 ? 1 : 2, id));
        }
        return rows;
    }

    /** Rows of one table, held by the third of three subtasks at the table's first version. */
    private static HeldRowsState.Held heldAtThreeSubtasks(
            TableId table, Schema schema, List<ChannelEvent.Row> rows) {
        return new HeldRowsState.Held(
                2,
                3,
                List.of(
                        new SinkSchemaStep(
                                table, 1, List.of(new CreateTableEvent(table, schema)), schema)),
                rows);
    }

    private static ChannelEvent.Row insert(TableId table, Schema schema, Object... values) {
        return new ChannelEvent.Row(
                0,
                1,
                DataChangeEvent.insertEvent(
                        table,
                        new BinaryRecordDataGenerator(
                                        schema.getColumnDataTypes().toArray(new DataType[0]))
                                .generate(values)));
    }

    private static List<DataChangeEvent> events(List<ChannelEvent.Row> rows) {
        return rows.stream().map(ChannelEvent.Row::row).toList();
    }

    private static HeldRowsState.Held heldBy(int subtask, int parallelism) {
        return new HeldRowsState.Held(subtask, parallelism, List.of(STEP1, STEP2), rows());
    }

    @Test
    void atTheCheckpointsParallelismASubtaskTakesBackItsOwnRowsOnly() {
        RestoredRowsOwner second = new RestoredRowsOwner(1, 3, HASHES);

        assertThat(second.takenFrom(heldBy(1, 3))).isEqualTo(rows());
        assertThat(second.takenFrom(heldBy(0, 3))).isEmpty();
    }

    @Test
    void atAnotherParallelismEachRowGoesWhereTheHashOfItsVersionSendsIt() {
        List<ChannelEvent.Row> taken = new ArrayList<>();
        for (int subtask = 0; subtask < 4; subtask++) {
            List<ChannelEvent.Row> mine =
                    new RestoredRowsOwner(subtask, 4, HASHES).takenFrom(heldBy(1, 3));
            for (ChannelEvent.Row row : mine) {
                HashFunction<DataChangeEvent> hash =
                        HASHES.getHashFunction(T, row.schemaVersion() == 1 ? V1 : V2);
                assertThat(Math.floorMod(hash.hashcode(row.row()), 4)).isEqualTo(subtask);
            }
            assertThat(events(rows())).containsSubsequence(events(mine));
            taken.addAll(mine);
        }
        assertThat(events(taken)).containsExactlyInAnyOrderElementsOf(events(rows()));
    }

    /**
     * An update held at three subtasks whose old and new key belong to different subtasks at four
     * goes as the schema operator sends it there: the old key's delete to the old key's subtask,
     * the new key's insert to the new key's.
     */
    @Test
    void anUpdateThatMovesItsKeyToAnotherSubtaskIsSplitAsTheSchemaOperatorSplitsIt() {
        HashFunction<DataChangeEvent> hash = HASHES.getHashFunction(T, V2);
        DataChangeEvent update = null;
        for (int from = 1; update == null; from++) {
            DataChangeEvent candidate =
                    DataChangeEvent.updateEvent(
                            T, row(2, from).row().after(), row(2, 100).row().after());
            int before = Math.floorMod(hash.hashcode(row(2, from).row()), 4);
            int after = Math.floorMod(hash.hashcode(row(2, 100).row()), 4);
            if (before != after) {
                update = candidate;
            }
        }
        HeldRowsState.Held held =
                new HeldRowsState.Held(
                        0, 3, List.of(STEP1, STEP2), List.of(new ChannelEvent.Row(0, 2, update)));
        int oldKeySubtask =
                Math.floorMod(hash.hashcode(DataChangeEvent.deleteEvent(T, update.before())), 4);
        int newKeySubtask = Math.floorMod(hash.hashcode(update), 4);

        for (int subtask = 0; subtask < 4; subtask++) {
            List<ChannelEvent.Row> mine = new RestoredRowsOwner(subtask, 4, HASHES).takenFrom(held);
            if (subtask == oldKeySubtask) {
                assertThat(mine)
                        .containsExactly(
                                new ChannelEvent.Row(
                                        subtask,
                                        2,
                                        DataChangeEvent.deleteEvent(T, update.before())));
            } else if (subtask == newKeySubtask) {
                assertThat(mine)
                        .containsExactly(
                                new ChannelEvent.Row(
                                        subtask,
                                        2,
                                        DataChangeEvent.insertEvent(T, update.after())));
            } else {
                assertThat(mine).isEmpty();
            }
        }
    }

    /**
     * A table without a key has no key to route by, and a connector's function may pick a random
     * writer for it (Flink CDC's Paimon sink does): its rows stay together, at the old subtask's
     * index modulo the parallelism. The runtime's default hashes the table: they go there.
     */
    @Test
    void rowsOfATableWithoutAKeyGoTogetherToTheOldSubtasksIndex() {
        TableId logs = TableId.tableId("db", "logs");
        Schema noKey = Schema.newBuilder().physicalColumn("name", DataTypes.VARCHAR(10)).build();
        List<ChannelEvent.Row> rows = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            rows.add(insert(logs, noKey, BinaryStringData.fromString("l" + i)));
        }
        HeldRowsState.Held held = heldAtThreeSubtasks(logs, noKey, rows);

        assertThat(events(new RestoredRowsOwner(0, 2, HASHES).takenFrom(held)))
                .as("a connector's own function: together at 2 mod 2")
                .isEqualTo(events(rows));
        assertThat(new RestoredRowsOwner(1, 2, HASHES).takenFrom(held)).isEmpty();

        HashFunctionProvider<DataChangeEvent> runtimes = DefaultKeyHashes.replacingDefault(HASHES);
        int tableSubtask =
                Math.floorMod(runtimes.getHashFunction(logs, noKey).hashcode(rows.get(0).row()), 4);
        for (int subtask = 0; subtask < 4; subtask++) {
            assertThat(events(new RestoredRowsOwner(subtask, 4, runtimes).takenFrom(held)))
                    .as("the runtime's default: where the table hashes to")
                    .isEqualTo(subtask == tableSubtask ? events(rows) : List.of());
        }
    }

    /**
     * With the runtime's default hash functions a binary key goes where its bytes hash to, and a
     * table without a key where its table hashes to, as the schema operator sends their next rows.
     * With a connector's own, which may hash a byte array by identity, the binary key's rows stay
     * together at the old subtask's index.
     */
    @Test
    void rowsOfABinaryKeyGoWhereTheirBytesHashToWithTheRuntimesDefault() {
        TableId blobs = TableId.tableId("db", "blobs");
        Schema binaryKey =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.VARBINARY(16).notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(10))
                        .primaryKey("id")
                        .build();
        List<ChannelEvent.Row> rows = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            rows.add(
                    insert(
                            blobs,
                            binaryKey,
                            new byte[] {(byte) i, 1},
                            BinaryStringData.fromString("b" + i)));
        }
        HeldRowsState.Held held = heldAtThreeSubtasks(blobs, binaryKey, rows);
        HashFunctionProvider<DataChangeEvent> runtimes = DefaultKeyHashes.replacingDefault(HASHES);
        HashFunction<DataChangeEvent> bytesHash = runtimes.getHashFunction(blobs, binaryKey);

        List<DataChangeEvent> taken = new ArrayList<>();
        for (int subtask = 0; subtask < 4; subtask++) {
            List<DataChangeEvent> mine =
                    events(new RestoredRowsOwner(subtask, 4, runtimes).takenFrom(held));
            for (DataChangeEvent row : mine) {
                assertThat(Math.floorMod(bytesHash.hashcode(row), 4)).isEqualTo(subtask);
            }
            taken.addAll(mine);
        }
        assertThat(taken).containsExactlyInAnyOrderElementsOf(events(rows));

        HashFunctionProvider<DataChangeEvent> connectors = (table, schema) -> event -> 0;
        assertThat(events(new RestoredRowsOwner(0, 2, connectors).takenFrom(held)))
                .as("a connector's own function: together at 2 mod 2")
                .isEqualTo(events(rows));
        assertThat(new RestoredRowsOwner(1, 2, connectors).takenFrom(held)).isEmpty();
    }

    @Test
    void anotherSubtasksRowsAtTheSameParallelismAreNotEvenRead() {
        RestoredRowsOwner second = new RestoredRowsOwner(1, 3, HASHES);

        assertThat(second.takesNothingFrom(0, 3)).isTrue();
        assertThat(second.takesNothingFrom(1, 3)).isFalse();
        assertThat(second.takesNothingFrom(0, 2)).isFalse();
    }

    @Test
    void atParallelismOneTheOnlySubtaskTakesEveryRow() {
        assertThat(new RestoredRowsOwner(0, 1, HASHES).takenFrom(heldBy(2, 3))).isEqualTo(rows());
    }

    @Test
    void aRowOfAVersionTheCheckpointDoesNotDescribeFailsTheRestoreWithTheWayOut() {
        HeldRowsState.Held held = new HeldRowsState.Held(0, 2, List.of(STEP2), List.of(row(1, 4)));

        assertThatThrownBy(() -> new RestoredRowsOwner(0, 3, HASHES).takenFrom(held))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "A row of db.t held at the restored checkpoint is of schema version 1,"
                                + " whose schema the checkpoint does not have, so it cannot be sent"
                                + " to the sink subtask its key belongs to at parallelism 3."
                                + " Restore the checkpoint at its own parallelism (2) and report"
                                + " this with the job's logs.");
    }
}
