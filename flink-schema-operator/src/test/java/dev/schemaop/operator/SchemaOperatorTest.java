package dev.schemaop.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.ChannelEventSerializer;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SchemaChangeResponse;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
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

    /** Subtask 0 of {@code sourceSubtasks}. */
    private OneInputStreamOperatorTestHarness<Event, ChannelEvent> harness(int sourceSubtasks)
            throws Exception {
        SchemaOperator operator =
                new SchemaOperator(
                        new SchemaOperatorConfig(
                                List.of(),
                                new DefaultDataChangeEventHashFunctionProvider(),
                                SINK_SUBTASKS),
                        sent::add,
                        DIRECT);
        OneInputStreamOperatorTestHarness<Event, ChannelEvent> harness =
                new OneInputStreamOperatorTestHarness<>(
                        operator, sourceSubtasks, sourceSubtasks, 0);
        harness.setup(ChannelEventSerializer.INSTANCE);
        return harness;
    }

    private static DataChangeEvent row(int id, String name) {
        DataType[] types = V1.getColumnDataTypes().toArray(new DataType[0]);
        return DataChangeEvent.insertEvent(
                T,
                new BinaryRecordDataGenerator(types)
                        .generate(new Object[] {id, BinaryStringData.fromString(name)}));
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
                            new ChannelEvent.Flush(0, 0, again.flushId(), List.of(T)),
                            new ChannelEvent.Flush(1, 0, again.flushId(), List.of(T)));
        }
    }
}
