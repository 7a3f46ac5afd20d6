package dev.schemaop.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.TableHistoryRestart;
import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.ChannelEventSerializer;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SchemaChangeResponse;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.route.RouteRule;

import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DefaultDataChangeEventHashFunctionProvider;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.util.function.ThrowingRunnable;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The schema operator in Flink's operator test harness, with a fake registry gateway. */
class SchemaOperatorTest {
    private static final TableId T = TableId.tableId("db", "people");
    private static final Schema V1 =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(10))
                    .primaryKey("id")
                    .build();
    private static final CreateTableEvent CREATE = new CreateTableEvent(T, V1);
    private static final AddColumnEvent ADD =
            new AddColumnEvent(
                    T, List.of(AddColumnEvent.last(Column.physicalColumn("age", DataTypes.INT()))));
    private static final int SINK_SUBTASKS = 2;
    private static final long MAX_PARKED_BYTES = 1 << 20;
    private static final TableId U = TableId.tableId("db", "pets");
    private static final CreateTableEvent CREATE_U = new CreateTableEvent(U, V1);
    private static final AddColumnEvent ADD_U =
            new AddColumnEvent(
                    U, List.of(AddColumnEvent.last(Column.physicalColumn("age", DataTypes.INT()))));
    private static final Schema V2 =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(10))
                    .physicalColumn("age", DataTypes.INT())
                    .primaryKey("id")
                    .build();

    private final List<OperatorEvent> sent = new ArrayList<>();

    /** Runs mails at once; a test never makes the operator wait for an answer. */
    private static final MailboxExecutor DIRECT =
            new MailboxExecutor() {
                @Override
                public void execute(
                        MailOptions options,
                        ThrowingRunnable<? extends Exception> command,
                        String description,
                        Object... args) {
                    try {
                        command.run();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }

                @Override
                public void yield() {
                    throw new IllegalStateException("the test made the operator wait");
                }

                @Override
                public boolean tryYield() {
                    return false;
                }

                @Override
                public boolean shouldInterrupt() {
                    return false;
                }
            };

    private OneInputStreamOperatorTestHarness<Event, ChannelEvent> harness() throws Exception {
        return harness(1);
    }

    private OneInputStreamOperatorTestHarness<Event, ChannelEvent> harness(int sourceSubtasks)
            throws Exception {
        return harness(sourceSubtasks, MAX_PARKED_BYTES, DIRECT);
    }

    private OneInputStreamOperatorTestHarness<Event, ChannelEvent> harness(
            int sourceSubtasks, long maxParkedBytes, MailboxExecutor mailbox) throws Exception {
        return harness(sourceSubtasks, maxParkedBytes, mailbox, List.of());
    }

    /** Subtask 0 of {@code sourceSubtasks}. */
    private OneInputStreamOperatorTestHarness<Event, ChannelEvent> harness(
            int sourceSubtasks,
            long maxParkedBytes,
            MailboxExecutor mailbox,
            List<RouteRule> routes)
            throws Exception {
        SchemaOperator operator =
                new SchemaOperator(
                        new SchemaOperatorConfig(
                                routes,
                                new DefaultDataChangeEventHashFunctionProvider(),
                                SINK_SUBTASKS,
                                maxParkedBytes),
                        sent::add,
                        mailbox);
        OneInputStreamOperatorTestHarness<Event, ChannelEvent> harness =
                new OneInputStreamOperatorTestHarness<>(
                        operator, sourceSubtasks, sourceSubtasks, 0);
        harness.setup(ChannelEventSerializer.INSTANCE);
        return harness;
    }

    private static DataChangeEvent row(int id, String name) {
        return row(T, id, name);
    }

    private static DataChangeEvent row(TableId table, int id, String name) {
        return DataChangeEvent.insertEvent(table, record(id, name));
    }

    /** The subtask's rows and steps, without its flush markers and releases. */
    private static List<ChannelEvent> rowsAndSteps(List<ChannelEvent> out) {
        return out.stream()
                .filter(e -> e instanceof ChannelEvent.Row || e instanceof ChannelEvent.Step)
                .toList();
    }

    private static List<ChannelEvent> stepOnEveryChannel(SinkSchemaStep step) {
        List<ChannelEvent> steps = new ArrayList<>();
        for (int channel = 0; channel < SINK_SUBTASKS; channel++) {
            steps.add(new ChannelEvent.Step(channel, step));
        }
        return steps;
    }

    private static ChannelEvent.Row sentRow(TableId table, int id, String name, int version) {
        DataChangeEvent row = row(table, id, name);
        return new ChannelEvent.Row(channelOf(table, id), version, row);
    }

    private void answer(
            OneInputStreamOperatorTestHarness<Event, ChannelEvent> harness,
            SchemaChangeRequest request,
            SinkSchemaStep step) {
        ((SchemaOperator) harness.getOneInputOperator())
                .handleOperatorEvent(new SchemaChangeResponse(request.requestId(), List.of(step)));
    }

    /** Opens the subtask and has it create T, answered at version 1. */
    private void openWithTableT(OneInputStreamOperatorTestHarness<Event, ChannelEvent> harness)
            throws Exception {
        harness.open();
        harness.processElement(CREATE, 0);
        answer(harness, lastRequest(), new SinkSchemaStep(T, 1, List.of(CREATE), V1));
    }

    private SchemaChangeRequest lastRequest() {
        return (SchemaChangeRequest) sent.get(sent.size() - 1);
    }

    @Test
    void theAnswersStepsGoDownEveryChannelBeforeTheRowsShapedForThem() throws Exception {
        try (var harness = harness()) {
            harness.open();
            harness.processElement(CREATE, 0);
            SchemaChangeRequest request = lastRequest();
            assertThat(request.change()).isEqualTo(CREATE);
            assertThat(request.position()).isEqualTo(1);
            assertThat(harness.extractOutputValues())
                    .as("nothing goes out before the answer")
                    .isEmpty();

            SinkSchemaStep created = new SinkSchemaStep(T, 1, List.of(CREATE), V1);
            ((SchemaOperator) harness.getOneInputOperator())
                    .handleOperatorEvent(
                            new SchemaChangeResponse(request.requestId(), List.of(created)));
            harness.processElement(row(1, "a"), 0);

            List<ChannelEvent> out = harness.extractOutputValues();
            assertThat(out.subList(0, SINK_SUBTASKS))
                    .containsExactly(
                            new ChannelEvent.Step(0, created), new ChannelEvent.Step(1, created));
            ChannelEvent.Row sentRow = (ChannelEvent.Row) out.get(out.size() - 1);
            assertThat(sentRow.schemaVersion()).isEqualTo(1);
            assertThat(sentRow.row()).isEqualTo(row(1, "a"));
        }
    }

    private static RecordData record(int id, String name) {
        DataType[] types = V1.getColumnDataTypes().toArray(new DataType[0]);
        return new BinaryRecordDataGenerator(types)
                .generate(new Object[] {id, BinaryStringData.fromString(name)});
    }

    /** The sink subtask of a key, as the default hash function of the test's config picks it. */
    private static int channelOfKey(int id) {
        return channelOf(T, id);
    }

    private static int channelOf(TableId table, int id) {
        return Math.floorMod(
                new DefaultDataChangeEventHashFunctionProvider()
                        .getHashFunction(table, V1)
                        .hashcode(DataChangeEvent.insertEvent(table, record(id, "x"))),
                SINK_SUBTASKS);
    }

    @Test
    void anUpdateThatMovesARowToAKeyOfAnotherSubtaskGoesAsADeleteAndAnInsert() throws Exception {
        int oldKey = 1;
        int sameSubtaskKey = oldKey + 1;
        while (channelOfKey(sameSubtaskKey) != channelOfKey(oldKey)) {
            sameSubtaskKey++;
        }
        int otherSubtaskKey = oldKey + 1;
        while (channelOfKey(otherSubtaskKey) == channelOfKey(oldKey)) {
            otherSubtaskKey++;
        }
        try (var harness = harness()) {
            harness.open();
            harness.processElement(CREATE, 0);
            SinkSchemaStep created = new SinkSchemaStep(T, 1, List.of(CREATE), V1);
            ((SchemaOperator) harness.getOneInputOperator())
                    .handleOperatorEvent(
                            new SchemaChangeResponse(lastRequest().requestId(), List.of(created)));
            DataChangeEvent withinOneSubtask =
                    DataChangeEvent.updateEvent(
                            T, record(oldKey, "a"), record(sameSubtaskKey, "b"));
            DataChangeEvent acrossSubtasks =
                    DataChangeEvent.updateEvent(
                            T, record(oldKey, "a"), record(otherSubtaskKey, "c"));
            harness.processElement(withinOneSubtask, 0);
            harness.processElement(acrossSubtasks, 0);

            List<ChannelEvent> out = harness.extractOutputValues();
            assertThat(out.subList(SINK_SUBTASKS, out.size()))
                    .containsExactly(
                            new ChannelEvent.Row(channelOfKey(oldKey), 1, withinOneSubtask),
                            new ChannelEvent.Row(
                                    channelOfKey(oldKey),
                                    1,
                                    DataChangeEvent.deleteEvent(T, record(oldKey, "a"))),
                            new ChannelEvent.Row(
                                    channelOfKey(otherSubtaskKey),
                                    1,
                                    DataChangeEvent.insertEvent(T, record(otherSubtaskKey, "c"))));
        }
    }

    @Test
    void aChangePendingAtACheckpointIsAskedForAgainAfterTheRestoreBehindANewMarker()
            throws Exception {
        OperatorSubtaskState checkpoint;
        try (var harness = harness(2)) {
            harness.open();
            harness.processElement(CREATE, 0);
            SchemaChangeRequest create = lastRequest();
            ((SchemaOperator) harness.getOneInputOperator())
                    .handleOperatorEvent(
                            new SchemaChangeResponse(
                                    create.requestId(),
                                    List.of(new SinkSchemaStep(T, 1, List.of(CREATE), V1))));
            harness.processElement(row(1, "a"), 0);
            harness.processElement(ADD, 0);
            checkpoint = harness.snapshot(1, 1);
        }
        sent.clear();
        try (var restored = harness(2)) {
            restored.initializeState(checkpoint);
            restored.open();

            SchemaChangeRequest again = lastRequest();
            assertThat(again.change()).isEqualTo(ADD);
            assertThat(again.position()).isEqualTo(2);
            assertThat(again.knownSinkVersions()).isEqualTo(Map.of(T, 1));
            assertThat(again.flushId()).isNotEqualTo(SchemaChangeRequest.NO_FLUSH);
            assertThat(restored.extractOutputValues())
                    .as(
                            "the restored subtask's marker on every channel, holding the table against the other subtask's rows")
                    .containsExactly(
                            new ChannelEvent.Flush(
                                    0, 0, again.flushId(), List.of(T), ADD.getType()),
                            new ChannelEvent.Flush(
                                    1, 0, again.flushId(), List.of(T), ADD.getType()));
        }
    }

    // ---------------------------------------------------------------- parking (issue 14)

    @Test
    void whileAChangeIsPendingOtherTablesFlowAndItsOwnRowsWaitInOrder() throws Exception {
        SinkSchemaStep createdT = new SinkSchemaStep(T, 1, List.of(CREATE), V1);
        SinkSchemaStep createdU = new SinkSchemaStep(U, 1, List.of(CREATE_U), V1);
        SinkSchemaStep addedT = new SinkSchemaStep(T, 2, List.of(ADD), V2);
        SinkSchemaStep addedU = new SinkSchemaStep(U, 2, List.of(ADD_U), V2);
        try (var harness = harness()) {
            harness.open();
            harness.processElement(CREATE, 0);
            answer(harness, lastRequest(), createdT);
            harness.processElement(CREATE_U, 0);
            answer(harness, lastRequest(), createdU);
            harness.getOutput().clear();

            harness.processElement(ADD, 0);
            SchemaChangeRequest addT = lastRequest();
            harness.processElement(row(U, 1, "u1"), 0);
            harness.processElement(row(T, 2, "t2"), 0);
            harness.processElement(ADD_U, 0);
            SchemaChangeRequest addU = lastRequest();
            harness.processElement(row(U, 3, "u3"), 0);
            harness.processElement(ADD, 0); // T's next change waits behind T's first
            harness.processElement(row(T, 4, "t4"), 0);

            assertThat(addU.change()).as("U's change is asked for at once").isEqualTo(ADD_U);
            assertThat(sent.stream().filter(e -> e instanceof SchemaChangeRequest).count())
                    .as("T's second change is not asked for yet")
                    .isEqualTo(4);
            assertThat(rowsAndSteps(harness.extractOutputValues()))
                    .as("only the row of U before U's change went out")
                    .containsExactly(sentRow(U, 1, "u1", 1));

            harness.getOutput().clear();
            answer(harness, addU, addedU);
            List<ChannelEvent> expected = new ArrayList<>(stepOnEveryChannel(addedU));
            expected.add(sentRow(U, 3, "u3", 2));
            assertThat(rowsAndSteps(harness.extractOutputValues()))
                    .as("U's answer, before T's, lets U's row go; T's still wait")
                    .containsExactlyElementsOf(expected);

            harness.getOutput().clear();
            answer(harness, addT, addedT);
            SchemaChangeRequest secondAddT = lastRequest();
            assertThat(secondAddT).isNotSameAs(addU);
            assertThat(secondAddT.change()).isEqualTo(ADD);
            expected = new ArrayList<>(stepOnEveryChannel(addedT));
            expected.add(sentRow(T, 2, "t2", 2));
            assertThat(rowsAndSteps(harness.extractOutputValues()))
                    .as("T's row before its second change goes; the one after it waits")
                    .containsExactlyElementsOf(expected);
        }
    }

    /** A mailbox whose yield runs the one answer the test expects the subtask to wait for. */
    private static MailboxExecutor answeringMailbox(List<Runnable> whileWaiting) {
        return new MailboxExecutor() {
            @Override
            public void execute(
                    MailOptions options,
                    ThrowingRunnable<? extends Exception> command,
                    String description,
                    Object... args) {
                DIRECT.execute(options, command, description, args);
            }

            @Override
            public void yield() {
                assertThat(whileWaiting).as("the subtask waits once").hasSize(1);
                whileWaiting.remove(0).run();
            }

            @Override
            public boolean tryYield() {
                return false;
            }

            @Override
            public boolean shouldInterrupt() {
                return false;
            }
        };
    }

    @Test
    void parkedRowsPastTheBoundMakeTheSubtaskWaitForTheAnswer() throws Exception {
        List<Runnable> whileWaiting = new ArrayList<>();
        MailboxExecutor answersWhenWaiting = answeringMailbox(whileWaiting);
        SinkSchemaStep addedT = new SinkSchemaStep(T, 2, List.of(ADD), V2);
        // Room for one parked row, not two.
        long bound = ParkedEvents.sizeOf(row(T, 2, "t2")) + 1;
        try (var harness = harness(1, bound, answersWhenWaiting)) {
            openWithTableT(harness);
            harness.processElement(ADD, 0);
            SchemaChangeRequest addT = lastRequest();
            harness.processElement(row(T, 2, "t2"), 0);
            harness.processElement(row(T, 3, "t3"), 0);
            assertThat(whileWaiting).isEmpty();
            harness.getOutput().clear();

            whileWaiting.add(() -> answer(harness, addT, addedT));
            harness.processElement(row(T, 4, "t4"), 0);

            assertThat(whileWaiting).as("the subtask waited for the answer").isEmpty();
            List<ChannelEvent> expected = new ArrayList<>(stepOnEveryChannel(addedT));
            expected.add(sentRow(T, 2, "t2", 2));
            expected.add(sentRow(T, 3, "t3", 2));
            expected.add(sentRow(T, 4, "t4", 2));
            assertThat(rowsAndSteps(harness.extractOutputValues()))
                    .containsExactlyElementsOf(expected);
        }
    }

    @Test
    void parkedEventsAreInTheCheckpointAndGoOutAfterTheRestoredChangesAnswer() throws Exception {
        OperatorSubtaskState checkpoint;
        try (var harness = harness()) {
            openWithTableT(harness);
            harness.processElement(ADD, 0);
            harness.processElement(row(T, 2, "t2"), 0);
            harness.processElement(CREATE_U, 0);
            harness.processElement(row(U, 3, "u3"), 0);
            checkpoint = harness.snapshot(1, 1);
        }
        sent.clear();
        try (var restored = harness()) {
            restored.initializeState(checkpoint);
            restored.open();
            List<SchemaChangeRequest> again =
                    sent.stream()
                            .filter(e -> e instanceof SchemaChangeRequest)
                            .map(e -> (SchemaChangeRequest) e)
                            .toList();
            assertThat(again)
                    .as("both pending changes asked for again, in order")
                    .extracting(SchemaChangeRequest::change)
                    .containsExactly(ADD, CREATE_U);

            SinkSchemaStep addedT = new SinkSchemaStep(T, 2, List.of(ADD), V2);
            answer(restored, again.get(0), addedT);
            SinkSchemaStep createdU = new SinkSchemaStep(U, 1, List.of(CREATE_U), V1);
            answer(restored, again.get(1), createdU);

            List<ChannelEvent> expected = new ArrayList<>(stepOnEveryChannel(addedT));
            expected.add(sentRow(T, 2, "t2", 2));
            expected.addAll(stepOnEveryChannel(createdU));
            expected.add(sentRow(U, 3, "u3", 1));
            assertThat(rowsAndSteps(restored.extractOutputValues()))
                    .containsExactlyElementsOf(expected);
        }
    }

    /**
     * A subtask restored with another split's history of T (create, add, drop: back at V1, three
     * changes in) reads a split that begins T's history: the replayed create is asked for as
     * position 1, not taken for an announcement, and the add after it is position 2.
     */
    @Test
    void aHistoryRestartNumbersTheReplayedChangesFromTheTablesCreate() throws Exception {
        OperatorSubtaskState checkpoint = stateAfterCreateAddDrop();
        sent.clear();
        try (var restored = harness()) {
            restored.initializeState(checkpoint);
            restored.open();
            restored.processElement(new TableHistoryRestart(T), 0);
            restored.processElement(CREATE, 0);
            assertThat(lastRequest().change()).isEqualTo(CREATE);
            assertThat(lastRequest().position()).isEqualTo(1);
            answer(restored, lastRequest(), new SinkSchemaStep(T, 1, List.of(CREATE), V1));
            restored.processElement(ADD, 0);
            assertThat(lastRequest().change()).isEqualTo(ADD);
            assertThat(lastRequest().position()).isEqualTo(2);
        }
    }

    /** Without a history restart, an identical create is a source's announcement: nothing asked. */
    @Test
    void anIdenticalCreateWithoutAHistoryRestartIsAnAnnouncement() throws Exception {
        OperatorSubtaskState checkpoint = stateAfterCreateAddDrop();
        sent.clear();
        try (var restored = harness()) {
            restored.initializeState(checkpoint);
            restored.open();
            restored.processElement(CREATE, 0);
            assertThat(sent).noneMatch(e -> e instanceof SchemaChangeRequest);
            restored.processElement(ADD, 0);
            assertThat(lastRequest().change()).isEqualTo(ADD);
            assertThat(lastRequest().position()).isEqualTo(4);
        }
    }

    /** A history restart parked behind a pending change keeps its place across a checkpoint. */
    @Test
    void aParkedHistoryRestartIsInTheCheckpointInItsPlace() throws Exception {
        OperatorSubtaskState checkpoint;
        try (var harness = harness()) {
            openWithTableT(harness);
            harness.processElement(ADD, 0);
            harness.processElement(new TableHistoryRestart(T), 0);
            harness.processElement(CREATE, 0);
            checkpoint = harness.snapshot(1, 1);
        }
        sent.clear();
        try (var restored = harness()) {
            restored.initializeState(checkpoint);
            restored.open();
            SchemaChangeRequest add = lastRequest();
            assertThat(add.change()).isEqualTo(ADD);
            assertThat(add.position()).isEqualTo(2);
            answer(restored, add, new SinkSchemaStep(T, 2, List.of(ADD), V2));
            assertThat(lastRequest().change()).isEqualTo(CREATE);
            assertThat(lastRequest().position()).isEqualTo(1);
        }
    }

    private OperatorSubtaskState stateAfterCreateAddDrop() throws Exception {
        DropColumnEvent drop = new DropColumnEvent(T, List.of("age"));
        try (var harness = harness()) {
            openWithTableT(harness);
            harness.processElement(ADD, 0);
            answer(harness, lastRequest(), new SinkSchemaStep(T, 2, List.of(ADD), V2));
            harness.processElement(drop, 0);
            assertThat(lastRequest().position()).isEqualTo(3);
            answer(harness, lastRequest(), new SinkSchemaStep(T, 3, List.of(drop), V1));
            return harness.snapshot(1, 1);
        }
    }

    @Test
    void withNoRoomForParkedEventsAPendingChangeStopsAllInputAsBefore() throws Exception {
        List<Runnable> whileWaiting = new ArrayList<>();
        MailboxExecutor answersWhenWaiting = answeringMailbox(whileWaiting);
        SinkSchemaStep addedT = new SinkSchemaStep(T, 2, List.of(ADD), V2);
        try (var harness = harness(1, 0, answersWhenWaiting)) {
            openWithTableT(harness);
            harness.processElement(CREATE_U, 0);
            answer(harness, lastRequest(), new SinkSchemaStep(U, 1, List.of(CREATE_U), V1));
            harness.processElement(ADD, 0);
            SchemaChangeRequest addT = lastRequest();
            harness.getOutput().clear();

            whileWaiting.add(() -> answer(harness, addT, addedT));
            harness.processElement(row(U, 1, "u1"), 0);

            assertThat(whileWaiting).as("even a row of another table waited").isEmpty();
            List<ChannelEvent> expected = new ArrayList<>(stepOnEveryChannel(addedT));
            expected.add(sentRow(U, 1, "u1", 1));
            assertThat(rowsAndSteps(harness.extractOutputValues()))
                    .containsExactlyElementsOf(expected);
        }
    }

    @Test
    void theCreationOfATableNeverWrittenSendsNoFlushMarkerFromTheOnlySubtask() throws Exception {
        try (var harness = harness()) {
            openWithTableT(harness);
            harness.processElement(row(1, "a"), 0);
            harness.processElement(CREATE_U, 0);
            assertThat(lastRequest().change()).isEqualTo(CREATE_U);
            assertThat(markers(harness.extractOutputValues()))
                    .as("no row of U is on its way: nothing to flush or hold")
                    .isEmpty();
            answer(harness, lastRequest(), new SinkSchemaStep(U, 1, List.of(CREATE_U), V1));

            harness.processElement(ADD, 0);
            assertThat(markers(harness.extractOutputValues()))
                    .as("T's change flushes the row of T sent before it, on every channel")
                    .hasSize(SINK_SUBTASKS);
        }
    }

    @Test
    void theCreationOfATableRoutedIntoAWrittenSinkTableFlushesIt() throws Exception {
        List<RouteRule> intoPeople = List.of(new RouteRule("db.pets", "db.people", null, null));
        try (var harness = harness(1, MAX_PARKED_BYTES, DIRECT, intoPeople)) {
            openWithTableT(harness);
            harness.processElement(row(1, "a"), 0);
            harness.processElement(CREATE_U, 0);

            assertThat(markers(harness.extractOutputValues()))
                    .as("U's rows go to db.people, which T's row is on its way to")
                    .hasSize(SINK_SUBTASKS);
        }
    }

    @Test
    void withTwoSourceSubtasksTheCreationOfANewTableStillSendsAMarker() throws Exception {
        try (var harness = harness(2)) {
            openWithTableT(harness);
            harness.processElement(CREATE_U, 0);

            assertThat(markers(harness.extractOutputValues()))
                    .as("the marker holds U at every sink subtask against the other subtask's rows")
                    .hasSize(2 * SINK_SUBTASKS);
        }
    }

    private static List<ChannelEvent> markers(List<ChannelEvent> out) {
        return out.stream().filter(e -> e instanceof ChannelEvent.Flush).toList();
    }

    @Test
    void aChangeOfAnotherTableWaitsWhileAnEarlierChangeWaits() throws Exception {
        try (var harness = harness()) {
            openWithTableT(harness);
            harness.processElement(CREATE_U, 0);
            answer(harness, lastRequest(), new SinkSchemaStep(U, 1, List.of(CREATE_U), V1));

            harness.processElement(ADD, 0);
            SchemaChangeRequest addT = lastRequest();
            harness.processElement(ADD, 0); // T's second change waits behind T's first
            harness.processElement(ADD_U, 0);
            assertThat(lastRequest())
                    .as("U's change waits behind T's second: the registry gets them in order")
                    .isSameAs(addT);

            answer(harness, addT, new SinkSchemaStep(T, 2, List.of(ADD), V2));
            SchemaChangeRequest secondAddT = requestsSince(addT).get(0);
            assertThat(secondAddT.position()).isEqualTo(addT.position() + 1);
            assertThat(requestsSince(addT))
                    .as("T's second change, then U's, asked for at once, in order")
                    .extracting(SchemaChangeRequest::change)
                    .containsExactly(ADD, ADD_U);
        }
    }

    @Test
    void aChangeWaitsWhileRowsRoutedIntoItsSinkTableWait() throws Exception {
        // T and U both go to the merged table db.all; V goes to it and to its own db.v.
        TableId v = TableId.tableId("db", "v");
        TableId all = TableId.tableId("db", "all");
        List<RouteRule> routes =
                List.of(
                        new RouteRule("db.people", "db.all", null, null),
                        new RouteRule("db.v", "db.all", null, null),
                        new RouteRule("db.v", "db.v", null, null),
                        new RouteRule("db.pets", "db.v", null, null));
        try (var harness = harness(1, MAX_PARKED_BYTES, DIRECT, routes)) {
            harness.open();
            harness.processElement(CREATE, 0);
            answer(harness, lastRequest(), new SinkSchemaStep(all, 1, List.of(), V1));
            CreateTableEvent createV = new CreateTableEvent(v, V1);
            harness.processElement(createV, 0);
            SchemaChangeRequest createdV = lastRequest();
            answer(harness, createdV, new SinkSchemaStep(v, 1, List.of(), V1));
            harness.processElement(CREATE_U, 0);
            answer(harness, lastRequest(), new SinkSchemaStep(v, 1, List.of(), V1));

            harness.processElement(ADD, 0); // people -> db.all: pending
            SchemaChangeRequest addT = lastRequest();
            harness.processElement(row(v, 1, "v1"), 0); // into db.all too: parked
            harness.processElement(new TruncateTableEvent(U), 0); // pets -> db.v, as v1

            assertThat(lastRequest())
                    .as("the truncate of db.v waits for v's row, which came before it")
                    .isSameAs(addT);
        }
    }

    private List<SchemaChangeRequest> requestsSince(SchemaChangeRequest first) {
        List<SchemaChangeRequest> requests =
                sent.stream()
                        .filter(e -> e instanceof SchemaChangeRequest)
                        .map(e -> (SchemaChangeRequest) e)
                        .toList();
        return requests.subList(requests.indexOf(first) + 1, requests.size());
    }
}
