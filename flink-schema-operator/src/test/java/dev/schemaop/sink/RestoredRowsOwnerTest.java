package dev.schemaop.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
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
            assertThat(rows()).containsSubsequence(mine);
            taken.addAll(mine);
        }
        assertThat(taken).containsExactlyInAnyOrderElementsOf(rows());
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
