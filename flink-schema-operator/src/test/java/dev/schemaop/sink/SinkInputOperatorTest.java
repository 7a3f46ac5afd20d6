package dev.schemaop.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.codec.VersionedState;
import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.ChannelEventSerializer;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.protocol.SinkSchemaStepCodec;
import dev.schemaop.protocol.SinkTableQuery;
import dev.schemaop.protocol.SinkTableSnapshot;

import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DefaultDataChangeEventHashFunctionProvider;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.jobgraph.tasks.TaskOperatorEventGateway;
import org.apache.flink.runtime.operators.coordination.CoordinationRequest;
import org.apache.flink.runtime.operators.coordination.CoordinationResponse;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.util.SerializedValue;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;

/** The sink input operator in Flink's operator test harness, with a fake registry. */
class SinkInputOperatorTest {
    private static final TableId T = TableId.tableId("db", "people");
    private static final Schema V1 =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(10))
                    .primaryKey("id")
                    .build();
    private static final RenameColumnEvent RENAME =
            new RenameColumnEvent(T, Map.of("name", "full_name"));
    private static final Schema V2 =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("full_name", DataTypes.VARCHAR(10))
                    .primaryKey("id")
                    .build();
    private static final AddColumnEvent ADD =
            new AddColumnEvent(
                    T, List.of(AddColumnEvent.last(Column.physicalColumn("age", DataTypes.INT()))));
    private static final Schema V3 =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("full_name", DataTypes.VARCHAR(10))
                    .physicalColumn("age", DataTypes.INT())
                    .primaryKey("id")
                    .build();
    private static final SinkSchemaStep STEP1 =
            new SinkSchemaStep(T, 1, List.of(new CreateTableEvent(T, V1)), V1);
    private static final SinkSchemaStep STEP2 = new SinkSchemaStep(T, 2, List.of(RENAME), V2);
    private static final SinkSchemaStep STEP3 = new SinkSchemaStep(T, 3, List.of(ADD), V3);

    /** The registry's side: answers every question with {@link #snapshot}, records them. */
    private final class FakeRegistry implements TaskOperatorEventGateway {
        final List<SinkTableQuery> queries = new ArrayList<>();
        final List<OperatorEvent> events = new ArrayList<>();
        SinkTableSnapshot snapshot;

        @Override
        public void sendOperatorEventToCoordinator(
                OperatorID operator, SerializedValue<OperatorEvent> event) {
            try {
                events.add(event.deserializeValue(getClass().getClassLoader()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public CompletableFuture<CoordinationResponse> sendRequestToCoordinator(
                OperatorID operator, SerializedValue<CoordinationRequest> request) {
            try {
                queries.add((SinkTableQuery) request.deserializeValue(getClass().getClassLoader()));
                return CompletableFuture.completedFuture(snapshot.toResponse());
            } catch (Exception e) {
                return CompletableFuture.failedFuture(e);
            }
        }
    }

    private final FakeRegistry registry = new FakeRegistry();

    private OneInputStreamOperatorTestHarness<ChannelEvent, Event> harness() throws Exception {
        return harness(false);
    }

    private OneInputStreamOperatorTestHarness<ChannelEvent, Event> harness(
            int parallelism, int subtask) throws Exception {
        OneInputStreamOperatorTestHarness<ChannelEvent, Event> harness =
                new OneInputStreamOperatorTestHarness<>(
                        new SinkInputOperator(
                                new OperatorID(),
                                Duration.ofSeconds(5),
                                true, // a flush is a FlushEvent out: no writer needed
                                new DefaultDataChangeEventHashFunctionProvider(),
                                registry),
                        128,
                        parallelism,
                        subtask);
        harness.setup(WriterInputSerializer.INSTANCE);
        return harness;
    }

    private OneInputStreamOperatorTestHarness<ChannelEvent, Event> harness(
            boolean writersBehindTopology) throws Exception {
        OneInputStreamOperatorTestHarness<ChannelEvent, Event> harness =
                new OneInputStreamOperatorTestHarness<>(
                        new SinkInputOperator(
                                new OperatorID(),
                                Duration.ofSeconds(5),
                                writersBehindTopology,
                                new DefaultDataChangeEventHashFunctionProvider(),
                                registry),
                        ChannelEventSerializer.INSTANCE);
        harness.setup(WriterInputSerializer.INSTANCE);
        return harness;
    }

    private static ChannelEvent.Row row(int version, Object... values) {
        Schema schema = version == 1 ? V1 : version == 2 ? V2 : V3;
        DataType[] types = schema.getColumnDataTypes().toArray(new DataType[0]);
        Object[] internal = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            internal[i] =
                    values[i] instanceof String
                            ? BinaryStringData.fromString((String) values[i])
                            : values[i];
        }
        return new ChannelEvent.Row(
                0,
                version,
                DataChangeEvent.insertEvent(
                        T, new BinaryRecordDataGenerator(types).generate(internal)));
    }

    private static ChannelEvent step(SinkSchemaStep step) {
        return new ChannelEvent.Step(0, step);
    }

    @Test
    void theWriterGetsEachVersionOnceWhicheverSubtaskSendsIt() throws Exception {
        try (var harness = harness()) {
            harness.open();
            harness.processElement(step(STEP1), 0);
            harness.processElement(step(STEP1), 0);
            harness.processElement(step(STEP2), 0);
            harness.processElement(step(STEP1), 0);
            harness.processElement(step(STEP2), 0);

            assertThat(harness.extractOutputValues())
                    .containsExactly(new CreateTableEvent(T, V1), RENAME);
            assertThat(registry.queries).as("a fresh job asks the registry nothing").isEmpty();
        }
    }

    @Test
    void aRowOfAnOlderVersionIsBroughtForwardFollowingTheRename() throws Exception {
        try (var harness = harness()) {
            harness.open();
            harness.processElement(step(STEP1), 0);
            harness.processElement(step(STEP2), 0);
            harness.processElement(row(1, 7, "gus"), 0);

            Event written = harness.extractOutputValues().get(2);
            RecordData after = ((DataChangeEvent) written).after();
            assertThat(after.getArity()).isEqualTo(2);
            assertThat(after.getString(1).toString())
                    .as("name's value in full_name")
                    .isEqualTo("gus");
        }
    }

    /**
     * After a restore the sink has version 3 (a rename and an add were applied after the
     * checkpoint): the writer gets that schema once, and a row replayed in the checkpoint's shape
     * (version 1) reaches it in version 3's.
     */
    @Test
    void aRestoredAttemptStartsFromTheSinksSchema() throws Exception {
        OperatorSubtaskState checkpoint;
        try (var before = harness()) {
            before.open();
            before.processElement(step(STEP1), 0);
            checkpoint = before.snapshot(1, 1);
        }
        registry.snapshot = new SinkTableSnapshot(3, V3, List.of(STEP2, STEP3));
        try (var restored = harness()) {
            restored.initializeState(checkpoint);
            restored.open();
            restored.processElement(step(SinkSchemaStep.reset(T, 1, V1)), 0);
            restored.processElement(row(1, 7, "gus"), 0);

            List<Event> out = restored.extractOutputValues();
            assertThat(out.get(0)).isEqualTo(new CreateTableEvent(T, V3));
            assertThat(out).hasSize(2);
            RecordData after = ((DataChangeEvent) out.get(1)).after();
            assertThat(after.getArity()).isEqualTo(3);
            assertThat(after.getString(1).toString()).isEqualTo("gus");
            assertThat(after.isNullAt(2)).isTrue();
            assertThat(registry.queries).containsExactly(new SinkTableQuery(T, 1));
        }
    }

    /**
     * Rows held at a checkpoint of two sink subtasks (a change was being applied), restored at
     * three: each subtask writes exactly the held rows that the sink's hash function sends to it at
     * three subtasks, where the schema operator sends the next rows of those keys, each row once.
     * Before, Flink handed the first two subtasks the old subtasks' rows as they were.
     */
    @Test
    void heldRowsGoToTheSubtasksOfTheirKeysAfterARestoreAtAnotherParallelism() throws Exception {
        HashFunction<DataChangeEvent> hash =
                new DefaultDataChangeEventHashFunctionProvider().getHashFunction(T, V1);
        List<ChannelEvent.Row> rows = new ArrayList<>();
        for (int id = 1; id <= 30; id++) {
            rows.add(row(1, id, "n" + id));
        }
        OperatorSubtaskState checkpoint =
                heldAtTwoSubtasks(
                        rows,
                        (row, subtask) -> Math.floorMod(hash.hashcode(row.row()), 2) == subtask);
        registry.snapshot = new SinkTableSnapshot(1, V1, List.of(STEP1));

        List<Integer> written = new ArrayList<>();
        for (int subtask = 0; subtask < 3; subtask++) {
            try (var restored = restoredAt(checkpoint, 3, subtask)) {

                List<Integer> ids = new ArrayList<>();
                for (Event event : restored.extractOutputValues()) {
                    if (event instanceof DataChangeEvent change) {
                        assertThat(Math.floorMod(hash.hashcode(change), 3)).isEqualTo(subtask);
                        ids.add(change.after().getInt(0));
                    }
                }
                List<Integer> expected = new ArrayList<>();
                for (ChannelEvent.Row row : rows) {
                    if (Math.floorMod(hash.hashcode(row.row()), 3) == subtask) {
                        expected.add(row.row().after().getInt(0));
                    }
                }
                assertThat(ids).isNotEmpty().containsExactlyInAnyOrderElementsOf(expected);
                written.addAll(ids);
            }
        }
        assertThat(written).hasSize(30).doesNotHaveDuplicates();
    }

    /**
     * A checkpoint of two sink subtasks while a change of T is applied: each holds the rows {@code
     * heldBy} gives it, and none went on to the writer.
     */
    private OperatorSubtaskState heldAtTwoSubtasks(
            List<ChannelEvent.Row> rows, BiPredicate<ChannelEvent.Row, Integer> heldBy)
            throws Exception {
        OperatorSubtaskState[] held = new OperatorSubtaskState[2];
        for (int subtask = 0; subtask < 2; subtask++) {
            try (var before = harness(2, subtask)) {
                before.open();
                before.processElement(step(STEP1), 0);
                before.processElement(
                        new ChannelEvent.Flush(
                                0, 0, 5L, List.of(T), SchemaChangeEventType.ADD_COLUMN),
                        0);
                for (ChannelEvent.Row row : rows) {
                    if (heldBy.test(row, subtask)) {
                        before.processElement(row, 0);
                    }
                }
                assertThat(before.extractOutputValues())
                        .as("held: no row went on")
                        .containsExactly(
                                new CreateTableEvent(T, V1),
                                new FlushEvent(0, List.of(T), SchemaChangeEventType.ADD_COLUMN));
                held[subtask] = before.snapshot(1, 1);
            }
        }
        return AbstractStreamOperatorTestHarness.repackageState(held);
    }

    /** A subtask at the given parallelism, restored from a checkpoint of two, opened. */
    private OneInputStreamOperatorTestHarness<ChannelEvent, Event> restoredAt(
            OperatorSubtaskState checkpoint, int parallelism, int subtask) throws Exception {
        OneInputStreamOperatorTestHarness<ChannelEvent, Event> restored =
                harness(parallelism, subtask);
        restored.initializeState(
                AbstractStreamOperatorTestHarness.repartitionOperatorState(
                        checkpoint, 128, 2, parallelism, subtask));
        restored.open();
        return restored;
    }

    /** What a sink input of the build before union state checkpointed: version 2 split state. */
    private static final class EarlierHeldRows extends AbstractStreamOperator<Event>
            implements OneInputStreamOperator<ChannelEvent, Event> {
        @Override
        public void snapshotState(StateSnapshotContext context) throws Exception {
            super.snapshotState(context);
            getOperatorStateBackend()
                    .getListState(
                            new ListStateDescriptor<>(
                                    "sink-input-held-rows", BytePrimitiveArraySerializer.INSTANCE))
                    .update(
                            List.of(
                                    VersionedState.write(
                                            2,
                                            writer ->
                                                    writer.list(
                                                            List.of(STEP1),
                                                            SinkSchemaStepCodec::write),
                                            writer ->
                                                    writer.list(
                                                            List.of(row(1, 7, "gus")),
                                                            (w, row) ->
                                                                    ChannelEventSerializer.INSTANCE
                                                                            .serialize(
                                                                                    row,
                                                                                    w.out())))));
        }

        @Override
        public void processElement(StreamRecord<ChannelEvent> element) {}
    }

    @Test
    void rowsHeldInACheckpointOfTheBuildBeforeAreWrittenAfterTheRestore() throws Exception {
        OperatorSubtaskState checkpoint;
        try (var before =
                new OneInputStreamOperatorTestHarness<ChannelEvent, Event>(
                        new EarlierHeldRows(), ChannelEventSerializer.INSTANCE)) {
            before.open();
            checkpoint = before.snapshot(1, 1);
        }
        registry.snapshot = new SinkTableSnapshot(1, V1, List.of(STEP1));
        try (var restored = harness()) {
            restored.initializeState(checkpoint);
            restored.open();

            assertThat(restored.extractOutputValues())
                    .containsExactly(new CreateTableEvent(T, V1), row(1, 7, "gus").row());
        }
    }

    /**
     * A row restored from a checkpoint that still waits for its version, and a row held since: the
     * next checkpoint keeps them in that order, so the next restore writes the older one first.
     */
    @Test
    void rowsStillWaitingFromTheRestoreStayAheadOfRowsHeldSince() throws Exception {
        OperatorSubtaskState first;
        try (var before = harness(true)) {
            before.open();
            before.processElement(step(STEP1), 0);
            before.processElement(step(STEP2), 0);
            before.processElement(
                    new ChannelEvent.Flush(0, 1, 5L, List.of(T), SchemaChangeEventType.ADD_COLUMN),
                    0);
            before.processElement(row(2, 1, "older"), 0);
            first = before.snapshot(1, 1);
        }
        registry.snapshot = new SinkTableSnapshot(1, V1, List.of(STEP1)); // version 2 lost
        OperatorSubtaskState second;
        try (var waiting = harness(true)) {
            waiting.initializeState(first);
            waiting.open();
            waiting.processElement(
                    new ChannelEvent.Flush(0, 1, 6L, List.of(T), SchemaChangeEventType.ADD_COLUMN),
                    0);
            waiting.processElement(row(1, 2, "newer"), 0);
            assertThat(waiting.extractOutputValues())
                    .as("both wait")
                    .noneMatch(DataChangeEvent.class::isInstance);
            second = waiting.snapshot(2, 2);
        }
        registry.snapshot = new SinkTableSnapshot(2, V2, List.of(STEP1, STEP2));
        try (var restored = harness(true)) {
            restored.initializeState(second);
            restored.open();

            assertThat(restored.extractOutputValues())
                    .filteredOn(DataChangeEvent.class::isInstance)
                    .extracting(event -> ((DataChangeEvent) event).after().getString(1).toString())
                    .containsExactly("older", "newer");
        }
    }

    /** At the checkpoint's parallelism each subtask takes back the rows it held, as they were. */
    @Test
    void heldRowsStayWithTheirSubtaskAtTheSameParallelism() throws Exception {
        List<ChannelEvent.Row> rows = List.of(row(1, 1, "a"), row(1, 2, "b"), row(1, 3, "c"));
        // all at the second subtask, wherever the hash would send them
        OperatorSubtaskState checkpoint = heldAtTwoSubtasks(rows, (row, subtask) -> subtask == 1);
        registry.snapshot = new SinkTableSnapshot(1, V1, List.of(STEP1));
        for (int subtask = 0; subtask < 2; subtask++) {
            try (var restored = restoredAt(checkpoint, 2, subtask)) {

                assertThat(restored.extractOutputValues())
                        .filteredOn(DataChangeEvent.class::isInstance)
                        .extracting(event -> ((DataChangeEvent) event).after().getInt(0))
                        .containsExactlyElementsOf(subtask == 1 ? List.of(1, 2, 3) : List.of());
            }
        }
    }

    /**
     * Behind a pre-write topology a flush marker becomes a FlushEvent into the topology (the
     * writers acknowledge it, not this operator), the changed table's rows wait, and the release
     * hands them on in the new shape, then the fence.
     */
    @Test
    void behindATopologyMarkersBecomeFlushEventsAndTheReleaseEndsInAFence() throws Exception {
        try (var harness = harness(true)) {
            harness.open();
            harness.processElement(step(STEP1), 0);
            harness.processElement(
                    new ChannelEvent.Flush(
                            0, 1, 5L, List.of(T), SchemaChangeEventType.RENAME_COLUMN),
                    0);
            harness.processElement(row(1, 7, "gus"), 0);
            harness.processElement(step(STEP2), 0);
            harness.processElement(
                    new ChannelEvent.Release(0, 1, 5L, SchemaChangeEventType.RENAME_COLUMN), 0);

            List<Event> out = harness.extractOutputValues();
            assertThat(out).hasSize(5);
            assertThat(out.subList(0, 3))
                    .containsExactly(
                            new CreateTableEvent(T, V1),
                            new FlushEvent(1, List.of(T), SchemaChangeEventType.RENAME_COLUMN),
                            RENAME);
            RecordData after = ((DataChangeEvent) out.get(3)).after();
            assertThat(after.getArity()).isEqualTo(2);
            assertThat(after.getString(1).toString()).isEqualTo("gus");
            assertThat(out.get(4))
                    .isEqualTo(new FlushEvent(1, List.of(), SchemaChangeEventType.RENAME_COLUMN));
            assertThat(registry.events).as("the writers acknowledge, not this operator").isEmpty();
        }
    }

    /** Behind a topology a drain writes what is held, then a drain flush for the writers. */
    @Test
    void behindATopologyADrainEndsInADrainFlush() throws Exception {
        try (var harness = harness(true)) {
            harness.open();
            harness.processElement(step(STEP1), 0);
            harness.processElement(
                    new ChannelEvent.Flush(0, 1, 5L, List.of(T), SchemaChangeEventType.ADD_COLUMN),
                    0);
            harness.processElement(row(1, 7, "gus"), 0);
            harness.processElement(new ChannelEvent.Drain(0, 1, 3L, 1), 0);

            List<Event> out = harness.extractOutputValues();
            assertThat(out).hasSize(4);
            assertThat(out.get(2)).isInstanceOf(DataChangeEvent.class);
            FlushEvent drain = (FlushEvent) out.get(3);
            assertThat(DrainFlush.is(drain)).isTrue();
            assertThat(DrainFlush.drainIdOf(drain)).isEqualTo(3L);
            assertThat(registry.events).isEmpty();
        }
    }
}
