package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.CUSTOMERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V2;
import static dev.schemaop.registry.RegistryFixtures.addLast;
import static dev.schemaop.registry.RegistryFixtures.addPrice;
import static dev.schemaop.registry.RegistryFixtures.create;
import static dev.schemaop.registry.RegistryFixtures.createOrders;
import static dev.schemaop.registry.RegistryHarness.config;
import static dev.schemaop.registry.RegistryHarness.request;
import static dev.schemaop.registry.RegistryHarness.started;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.schemaop.protocol.DrainRequest;
import dev.schemaop.protocol.SchemaChangeResponse;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.protocol.SinkTableSnapshot;
import dev.schemaop.route.RouteRule;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * G6: what a restore promises. A change applied after the restored checkpoint is asked for again;
 * the applied-change log answers it instead of the {@code MetadataApplier}.
 */
class SchemaRegistryRestoreTest {
    private static final TableId ORDERS_A = TableId.tableId("db", "orders_a");
    private static final TableId ORDERS_B = TableId.tableId("db", "orders_b");
    private static final Schema CUSTOMERS_V1 =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.BIGINT().notNull())
                    .primaryKey("id")
                    .build();

    private final Path logDir = RegistryHarness.scratchLogDir();

    private final RecordingApplier applier = new RecordingApplier();
    private final List<RegistryHarness> harnesses = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (RegistryHarness harness : harnesses) {
            harness.close();
        }
        RegistryHarness.deleteScratch(logDir);
    }

    private RegistryHarness keep(RegistryHarness harness) {
        harnesses.add(harness);
        return harness;
    }

    /** Subtask 0 creates orders (checkpoint 1 right after), then adds price; then the JM dies. */
    private byte[] createCheckpointThenAdd(RegistryConfig config) throws Exception {
        RegistryHarness first = keep(started(config, 1));
        first.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
        byte[] checkpoint = first.checkpoint(1);
        first.applyThroughFlush(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));
        assertThat(applier.calls()).containsExactly(createOrders(), addPrice());
        return checkpoint;
    }

    private static SchemaChangeResponse answerWithAddStep() {
        return new SchemaChangeResponse(
                2, List.of(new SinkSchemaStep(ORDERS, 2, List.of(addPrice()), ORDERS_V2)));
    }

    @Test
    void aChangeAppliedAfterTheCheckpointIsAnsweredFromTheLogOnANewRegistry() throws Exception {
        RegistryConfig config = config(SchemaChangeBehavior.EVOLVE, applier, logDir);
        byte[] checkpoint = createCheckpointThenAdd(config);
        harnesses.get(0).close(); // the JobManager goes away

        // A new JobManager: Flink restores the coordinator before it starts it.
        RegistryHarness second = keep(RegistryHarness.created(config, 1));
        second.registry.resetToCheckpoint(1, checkpoint);
        second.registry.start();
        second.connectAll(1);
        second.send(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));
        SchemaChangeResponse answer = second.awaitResponse(0, 2);

        assertThat(answer).isEqualTo(answerWithAddStep());
        assertThat(second.gateway(0).events()).containsExactly(answer);
        assertThat(applier.calls()).containsExactly(createOrders(), addPrice());
        assertThat(second.context.failures()).isEmpty();
    }

    @Test
    void aGlobalFailoverAfterACompletedCheckpointAnswersFromTheLog() throws Exception {
        RegistryConfig config = config(SchemaChangeBehavior.EVOLVE, applier, logDir);
        byte[] checkpoint = createCheckpointThenAdd(config);
        RegistryHarness harness = harnesses.get(0);
        harness.registry.notifyCheckpointComplete(1); // the log drops the create

        harness.registry.resetToCheckpoint(1, checkpoint); // same coordinator, global failover
        harness.connectAll(1);
        harness.send(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));

        assertThat(harness.awaitResponse(0, 2)).isEqualTo(answerWithAddStep());
        assertThat(applier.calls()).containsExactly(createOrders(), addPrice());
    }

    @Test
    void aJobStartedWithoutCheckpointDoesNotTakeOverTheLogOfAnEarlierRun() throws Exception {
        RegistryConfig config = config(SchemaChangeBehavior.EVOLVE, applier, logDir);
        createCheckpointThenAdd(config);
        harnesses.get(0).close();

        RegistryHarness fresh = keep(started(config, 1)); // no resetToCheckpoint before start
        fresh.send(request(0, 1, createOrders(), 1, Map.of()));
        fresh.awaitResponse(0, 1);

        assertThat(applier.calls()).containsExactly(createOrders(), addPrice(), createOrders());
    }

    @Test
    void aRestoreWithoutCheckpointReplaysTheWholeLog() throws Exception {
        RegistryConfig config = config(SchemaChangeBehavior.EVOLVE, applier, logDir);
        RegistryHarness first = keep(started(config, 1));
        first.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
        first.applyThroughFlush(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));

        first.registry.resetToCheckpoint(OperatorCoordinator.NO_CHECKPOINT, null);
        first.connectAll(1); // the restarted subtask's new gateway
        first.send(request(0, 1, createOrders(), 1, Map.of()));
        SchemaChangeResponse answer = first.awaitResponse(0, 1);

        assertThat(answer)
                .isEqualTo(
                        new SchemaChangeResponse(
                                1,
                                List.of(
                                        new SinkSchemaStep(
                                                ORDERS, 1, List.of(createOrders()), ORDERS_V1))));
        assertThat(applier.calls()).containsExactly(createOrders(), addPrice());
    }

    // ------------------------------------------------------------------ a change cut short

    /** orders is routed to two sink tables: its create is two applier calls. */
    private RegistryConfig twoSinkConfig() {
        return config(
                SchemaChangeBehavior.EVOLVE,
                applier,
                RegistryHarness.DEFAULT_RPC_TIMEOUT,
                List.of(
                        new RouteRule("db.orders", "db.orders_a", null, null),
                        new RouteRule("db.orders", "db.orders_b", null, null)),
                logDir);
    }

    /** The create of orders_a reaches the sink, the one of orders_b fails: the job fails. */
    private RegistryHarness failHalfwayThroughCreate(int sources) throws Exception {
        applier.failWhen(
                e -> e.tableId().equals(ORDERS_B),
                e -> new IllegalStateException("connection to the sink lost"),
                1);
        RegistryHarness harness = keep(started(twoSinkConfig(), sources));
        harness.send(request(0, 1, createOrders(), 1, Map.of()));
        assertThat(harness.context.awaitFailure())
                .hasMessageContaining("connection to the sink lost");
        assertThat(applier.applied()).containsExactly(create(ORDERS_A, ORDERS_V1));

        harness.registry.resetToCheckpoint(OperatorCoordinator.NO_CHECKPOINT, null);
        harness.connectAll(sources);
        return harness;
    }

    @Test
    void aChangeCutShortResumesWithoutRepeatingTheCallsThatReachedTheSink() throws Exception {
        RegistryHarness harness = failHalfwayThroughCreate(1);

        SchemaChangeResponse answer =
                harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));

        assertThat(createsOf(ORDERS_A)).as("creates of orders_a").hasSize(1);
        assertThat(applier.applied())
                .containsExactly(create(ORDERS_A, ORDERS_V1), create(ORDERS_B, ORDERS_V1));
        assertThat(answer.steps())
                .containsExactly(
                        new SinkSchemaStep(
                                ORDERS_A, 1, List.of(create(ORDERS_A, ORDERS_V1)), ORDERS_V1),
                        new SinkSchemaStep(
                                ORDERS_B, 1, List.of(create(ORDERS_B, ORDERS_V1)), ORDERS_V1));
    }

    @Test
    void aChangeCutShortIsRecognisedEvenWhenAnotherChangeIsHandledFirstAfterTheRestore()
            throws Exception {
        RegistryHarness harness = failHalfwayThroughCreate(2);

        // After the restore subtask 1 happens to ask first, for another table.
        CreateTableEvent createCustomers = create(CUSTOMERS, CUSTOMERS_V1);
        harness.applyThroughFlush(request(1, 1, createCustomers, 1, Map.of()));
        harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));

        // A logged call belongs to its upstream change (table and position), not to the sequence
        // number the change happens to get after the restore: customers took that number here.
        assertThat(createsOf(ORDERS_A))
                .as("creates of orders_a; the call that reached the sink before the failure")
                .hasSize(1);
    }

    private List<SchemaChangeEvent> createsOf(TableId table) {
        return applier.calls().stream()
                .filter(e -> e instanceof CreateTableEvent && e.tableId().equals(table))
                .toList();
    }

    @Test
    void addAfterRestoreOfAChangeCutShortGetsTheNextVersion() throws Exception {
        RegistryHarness harness = failHalfwayThroughCreate(1);
        harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
        AddColumnEvent add = addPrice();

        SchemaChangeResponse answer =
                harness.applyThroughFlush(request(0, 2, add, 2, Map.of(ORDERS_A, 1, ORDERS_B, 1)));

        assertThat(answer.steps())
                .extracting(SinkSchemaStep::table, SinkSchemaStep::version)
                .containsExactly(tuple(ORDERS_A, 2), tuple(ORDERS_B, 2));
    }

    // ------------------------------------------------------------------ G5 across a restore

    /**
     * Subtask 0 reports create, add price, drop price before checkpoint 1; subtask 1, reading the
     * same changes later, reported only the create. After a restore to checkpoint 1 subtask 1
     * reports the add at position 2: that change was handled, it must not reach the sink again.
     */
    @Test
    void aLaggingSubtaskReportingAChangeHandledBeforeTheCheckpointIsNotAppliedAgain()
            throws Exception {
        RegistryConfig config = config(SchemaChangeBehavior.EVOLVE, applier, logDir);
        RegistryHarness harness = keep(started(config, 2));
        AddColumnEvent add = addPrice();
        SchemaChangeEvent dropPrice = RegistryFixtures.drop(ORDERS, "price");
        harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
        harness.applyThroughFlush(request(0, 2, add, 2, Map.of(ORDERS, 1)));
        harness.applyThroughFlush(request(0, 3, dropPrice, 3, Map.of(ORDERS, 2)));
        harness.send(request(1, 1, createOrders(), 1, Map.of()));
        harness.awaitResponse(1, 1);
        byte[] checkpoint = harness.checkpoint(1);
        harness.registry.notifyCheckpointComplete(1);

        harness.registry.resetToCheckpoint(1, checkpoint); // e.g. a sink failure fails the job
        harness.connectAll(2);
        harness.send(request(1, 2, add, 2, Map.of(ORDERS, 1)));
        OperatorEvent first =
                harness.gateway(1).await(OperatorEvent.class, e -> true); // new gateway

        // Which positions were handled is part of the checkpoint: the upstream schema alone
        // (price dropped at position 3) would let the add through a second time.
        assertThat(first)
                .as("subtask 1's add at position 2 is answered at once, without a flush")
                .isInstanceOf(SchemaChangeResponse.class);
        assertThat(applier.calls())
                .as("applier calls; price must not be added again after it was dropped")
                .containsExactly(createOrders(), add, dropPrice);
    }

    // ------------------------------------------------------------------ G4 + G6

    /**
     * An applier call times out (the job fails) but then returns successfully: the sink has the
     * table. After the restore the same create is reported again; it must not reach the applier a
     * second time.
     */
    @Test
    void aCallThatReturnsAfterItsTimeoutIsNotRepeatedAfterTheRestore() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        applier.blockOn(SchemaChangeEventType.CREATE_TABLE, release);
        RegistryHarness harness =
                keep(
                        started(
                                config(
                                        SchemaChangeBehavior.EVOLVE,
                                        applier,
                                        Duration.ofMillis(200),
                                        List.of(),
                                        logDir),
                                1));
        harness.send(request(0, 1, createOrders(), 1, Map.of()));
        assertThat(harness.context.awaitFailure())
                .hasMessageContaining("schema-operator.rpc-timeout");
        release.countDown();
        applier.awaitApplied(1); // the DDL did reach the sink, late

        harness.registry.resetToCheckpoint(OperatorCoordinator.NO_CHECKPOINT, null);
        harness.connectAll(1);
        harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));

        // The late result is logged although the call was stale: the sink has the table.
        assertThat(applier.calls())
                .as("applier calls; the create that returned after its timeout")
                .containsExactly(createOrders());
    }

    /**
     * G4 after a restore: the call that timed out still hangs. The re-sent change waits for it (its
     * outcome decides whether the DDL is needed), but that wait must be bounded by the rpc timeout
     * as well, or the restarted job stalls without any error.
     */
    @Test
    void waitingForACallThatStillHangsAfterTheRestoreIsBoundedByTheRpcTimeout() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        applier.blockOn(SchemaChangeEventType.CREATE_TABLE, release);
        RegistryHarness harness =
                keep(
                        started(
                                config(
                                        SchemaChangeBehavior.EVOLVE,
                                        applier,
                                        Duration.ofMillis(200),
                                        List.of(),
                                        logDir),
                                1));
        try {
            harness.send(request(0, 1, createOrders(), 1, Map.of()));
            harness.context.awaitFailures(1);
            harness.registry.resetToCheckpoint(OperatorCoordinator.NO_CHECKPOINT, null);
            harness.connectAll(1);
            harness.send(request(0, 1, createOrders(), 1, Map.of()));

            // Regression: waiting for a call that still hangs after the restore is bounded by
            // the rpc timeout too, so the pipeline cannot stall silently.
            List<Throwable> failures;
            try {
                failures = harness.context.awaitFailures(2);
            } catch (AssertionError stalled) {
                throw new AssertionError(
                        "the restarted job waits without bound for the applier call that "
                                + "timed out before the restore; expected a second rpc-timeout failure",
                        stalled);
            }
            assertThat(failures.get(1))
                    .hasMessageContaining(ORDERS.toString())
                    .hasMessageContaining("schema-operator.rpc-timeout");
            assertThat(applier.calls()).containsExactly(createOrders());
        } finally {
            release.countDown();
        }
    }

    /**
     * G6 after a restore: the re-sent create waits for the call that timed out; that call then
     * returns successfully. The sink has the table: the waiting change must see the call logged and
     * not call the applier again.
     */
    @Test
    void aChangeWaitingForAStaleCallThatSucceedsDoesNotRepeatIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        applier.blockOn(SchemaChangeEventType.CREATE_TABLE, release);
        RegistryHarness harness =
                keep(
                        started(
                                config(
                                        SchemaChangeBehavior.EVOLVE,
                                        applier,
                                        Duration.ofMillis(200),
                                        List.of(),
                                        logDir),
                                1));
        harness.send(request(0, 1, createOrders(), 1, Map.of()));
        harness.context.awaitFailures(1);
        harness.registry.resetToCheckpoint(OperatorCoordinator.NO_CHECKPOINT, null);
        harness.connectAll(1);
        harness.send(request(0, 1, createOrders(), 1, Map.of()));
        harness.drain(); // the re-sent create now waits for the first call

        release.countDown();
        SchemaChangeResponse answer = harness.awaitResponse(0, 1);

        // Regression: the change resumes only after the stale call's success was logged, so it
        // finds the call in the log and does not repeat it.
        assertThat(applier.calls())
                .as("applier calls; the create must not be applied a second time")
                .containsExactly(createOrders());
        assertThat(answer.steps())
                .containsExactly(new SinkSchemaStep(ORDERS, 1, List.of(createOrders()), ORDERS_V1));
    }

    // ------------------------------------------------------------------ finishing a change cut
    // short

    /**
     * The registry finishes a change that a failure cut short as it restores, before any subtask
     * asks again: rows written after the restore must meet one version of the sink table, not a
     * table with half a change.
     */
    @Test
    void aChangeCutShortIsFinishedAtTheRestoreBeforeAnySubtaskAsks() throws Exception {
        RegistryHarness harness = failHalfwayThroughCreate(1);

        applier.awaitApplied(2);

        assertThat(applier.applied())
                .containsExactly(create(ORDERS_A, ORDERS_V1), create(ORDERS_B, ORDERS_V1));
        SchemaChangeResponse answer =
                harness.awaitResponseTo(request(0, 1, createOrders(), 1, Map.of()));
        assertThat(answer.steps())
                .extracting(SinkSchemaStep::table, SinkSchemaStep::version)
                .containsExactly(tuple(ORDERS_A, 1), tuple(ORDERS_B, 1));
        assertThat(createsOf(ORDERS_A)).as("creates of orders_a").hasSize(1);
    }

    /**
     * A call changed the sink and then failed (its answer was lost): the log does not show it, but
     * the sink's own description of the table does. Finishing the change reads it back and does not
     * apply it twice.
     */
    @Test
    void aCallThatReachedTheSinkBeforeItFailedIsReadBackNotRepeated() throws Exception {
        DescribingApplier sink = new DescribingApplier().failAfterApplying(2);
        RegistryConfig config = config(SchemaChangeBehavior.EVOLVE, sink, logDir);
        RegistryHarness harness = keep(started(config, 1));
        harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
        harness.send(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));
        harness.ackAll(0, 2);
        assertThat(harness.context.awaitFailure()).hasMessageContaining("connection was lost");

        harness.registry.resetToCheckpoint(OperatorCoordinator.NO_CHECKPOINT, null);
        harness.connectAll(1);
        SchemaChangeResponse answer =
                harness.awaitResponseTo(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));

        assertThat(sink.applied()).containsExactly(createOrders(), addPrice());
        assertThat(answer.steps())
                .containsExactly(new SinkSchemaStep(ORDERS, 2, List.of(addPrice()), ORDERS_V2));
    }

    /** A sink subtask of the restored job learns where a table stands: version, schema, steps. */
    @Test
    void aSinkSubtaskLearnsTheSinksVersionSchemaAndTheStepsAfterTheOneItAsksAbout()
            throws Exception {
        RegistryConfig config = config(SchemaChangeBehavior.EVOLVE, applier, logDir);
        RegistryHarness harness = keep(started(config, 1));
        harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
        harness.applyThroughFlush(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));

        SinkTableSnapshot snapshot = harness.query(ORDERS, 1);

        assertThat(snapshot.version()).isEqualTo(2);
        assertThat(snapshot.schema()).isEqualTo(ORDERS_V2);
        assertThat(snapshot.steps())
                .containsExactly(new SinkSchemaStep(ORDERS, 2, List.of(addPrice()), ORDERS_V2));
        assertThat(harness.query(CUSTOMERS, 0))
                .isEqualTo(new SinkTableSnapshot(0, null, List.of()));
    }

    /** The answer waits until a change cut short is finished: it is the sink's version then. */
    @Test
    void aSinkSubtaskAskingWhileAChangeIsFinishedGetsTheVersionAfterIt() throws Exception {
        applier.failWhen(
                e -> e.tableId().equals(ORDERS_B),
                e -> new IllegalStateException("connection to the sink lost"),
                1);
        CountDownLatch release = new CountDownLatch(1);
        RegistryHarness harness = keep(started(twoSinkConfig(), 1));
        harness.send(request(0, 1, createOrders(), 1, Map.of()));
        harness.context.awaitFailure();
        applier.blockOn(SchemaChangeEventType.CREATE_TABLE, release);

        harness.registry.resetToCheckpoint(OperatorCoordinator.NO_CHECKPOINT, null);
        CompletableFuture<SinkTableSnapshot> asked = harness.queryAsync(ORDERS_B, 0);
        harness.drain();
        assertThat(asked).as("answered while the change is finished").isNotDone();
        release.countDown();

        assertThat(asked.get(5, TimeUnit.SECONDS).version()).isEqualTo(1);
    }

    /**
     * A task failure restarts the subtasks but not the registry: a change the earlier attempt
     * started goes on, with no hold of the new attempt over its table. A sink subtask of the new
     * attempt learns where the table stands only once it is done.
     */
    @Test
    void aSinkSubtaskOfARestartedAttemptWaitsForTheChangeTheEarlierAttemptStarted()
            throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RegistryHarness harness =
                keep(started(config(SchemaChangeBehavior.EVOLVE, applier, logDir), 1));
        harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
        CompletableFuture<SchemaChangeEvent> adding =
                applier.blockOn(SchemaChangeEventType.ADD_COLUMN, release);
        harness.send(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));
        harness.ackAll(0, 2);
        adding.get(5, TimeUnit.SECONDS);

        harness.registry.subtaskReset(0, 1);
        CompletableFuture<SinkTableSnapshot> asked = harness.queryAsync(ORDERS, 1);
        harness.drain();
        assertThat(asked).as("answered while the add is being applied").isNotDone();
        release.countDown();

        assertThat(asked.get(5, TimeUnit.SECONDS).version()).isEqualTo(2);
    }

    /**
     * Once the registry failed the job on a change that may be half in the sink, no sink subtask
     * learns the table's state before the global failover finished that change: the subtasks asking
     * meanwhile are cancelled by it, and the ones of the restored job get the version with the
     * change.
     */
    @Test
    void noSinkSubtaskLearnsATableBetweenAFailedChangeAndTheRestore() throws Exception {
        DescribingApplier sink = new DescribingApplier().failAfterApplying(2);
        RegistryHarness harness =
                keep(started(config(SchemaChangeBehavior.EVOLVE, sink, logDir), 1));
        harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
        harness.send(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));
        harness.ackAll(0, 2);
        harness.context.awaitFailure();

        CompletableFuture<SinkTableSnapshot> tooEarly = harness.queryAsync(ORDERS, 1);
        harness.drain();
        assertThat(tooEarly).as("answered between the failure and the restore").isNotDone();

        harness.registry.resetToCheckpoint(OperatorCoordinator.NO_CHECKPOINT, null);
        SinkTableSnapshot afterRestore = harness.query(ORDERS, 1);
        assertThat(afterRestore.version()).isEqualTo(2);
        assertThat(afterRestore.schema()).isEqualTo(ORDERS_V2);
    }

    /**
     * A sink subtask of a just-restarted attempt asked where the table stands while a change was
     * being applied; the sink refuses the change, leaving the table as it was, and the job fails
     * after a drain. The question is answered as the drain starts, from the state, which is the
     * sink's: the subtask must hand on the drain marker, and left waiting it held up the drain
     * until the rpc timeout (fault run seed 99525).
     */
    @Test
    void aQuestionWaitingWhileARefusedChangeRanIsAnsweredWhenTheDrainStarts() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        DescribingApplier sink = new DescribingApplier();
        CompletableFuture<Void> inFlight = sink.failBeforeApplyingOnceReleased(2, release);
        RegistryHarness harness =
                keep(started(config(SchemaChangeBehavior.EVOLVE, sink, logDir), 1));
        harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
        harness.send(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));
        harness.ackAll(0, 2);
        inFlight.get(10, TimeUnit.SECONDS);

        CompletableFuture<SinkTableSnapshot> asked = harness.queryAsync(ORDERS, 1);
        harness.drain();
        assertThat(asked).as("a change is being applied").isNotDone();
        release.countDown();
        DrainRequest drain = harness.gateway(0).await(DrainRequest.class, r -> true);

        SinkTableSnapshot snapshot = asked.get(10, TimeUnit.SECONDS);
        assertThat(snapshot.version()).isEqualTo(1);
        assertThat(snapshot.schema()).isEqualTo(ORDERS_V1);
        assertThat(sink.applied()).containsExactly(createOrders());
        assertThat(harness.context.failures()).as("failures before the sink drained").isEmpty();
        harness.drainAckAll(drain);
        harness.context.awaitFailure();
    }

    /**
     * G7: a LENIENT conversion whose add the sink refuses after its rename reached the sink leaves
     * the table changed in part, while the sink subtasks hold rows of the table as before the
     * change. The job fails at once, without a drain that would write them into it; the restore
     * finishes the change.
     */
    @Test
    void aFailureAfterAnEarlierCallOfTheSameChangeReachedTheSinkFailsTheJobWithoutADrain()
            throws Exception {
        DescribingApplier sink = new DescribingApplier().failBeforeApplying(4);
        RegistryHarness harness =
                keep(started(config(SchemaChangeBehavior.LENIENT, sink, logDir), 1));
        harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
        AddColumnEvent addQty = addLast(ORDERS, "qty", DataTypes.INT());
        harness.applyThroughFlush(request(0, 2, addQty, 2, Map.of(ORDERS, 1)));
        AlterColumnTypeEvent toText =
                new AlterColumnTypeEvent(ORDERS, Map.of("qty", DataTypes.VARCHAR(13)));
        harness.send(request(0, 3, toText, 3, Map.of(ORDERS, 2)));
        harness.ackAll(0, 3);

        assertThat(harness.context.awaitFailure()).hasMessageContaining("refused the statement");
        harness.drain();
        assertThat(harness.gateway(0).eventsOf(DrainRequest.class)).isEmpty();
        assertThat(sink.getExistingTableSchema(ORDERS).orElseThrow().getColumnNames())
                .as("the rename reached the sink, its add did not")
                .containsExactly("id", "name", "qty_integer");

        harness.registry.resetToCheckpoint(OperatorCoordinator.NO_CHECKPOINT, null);
        SinkTableSnapshot afterRestore = harness.query(ORDERS, 1);
        assertThat(afterRestore.schema().getColumnNames())
                .containsExactly("id", "name", "qty_integer", "qty");
        assertThat(sink.getExistingTableSchema(ORDERS).orElseThrow().getColumnNames())
                .containsExactly("id", "name", "qty_integer", "qty");
    }
}
