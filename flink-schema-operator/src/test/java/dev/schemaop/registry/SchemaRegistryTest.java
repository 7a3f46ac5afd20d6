package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V2;
import static dev.schemaop.registry.RegistryFixtures.addLast;
import static dev.schemaop.registry.RegistryFixtures.addPrice;
import static dev.schemaop.registry.RegistryFixtures.createOrders;
import static dev.schemaop.registry.RegistryFixtures.drop;
import static dev.schemaop.registry.RegistryHarness.config;
import static dev.schemaop.registry.RegistryHarness.request;
import static dev.schemaop.registry.RegistryHarness.started;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.behavior.SchemaChangeRejectedException;
import dev.schemaop.protocol.DrainRequest;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SchemaChangeResponse;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Scenarios through the registry's front door (SPEC §2, §3): a real {@link SchemaRegistry}, a fake
 * coordinator context, recording gateways for the schema operator subtasks and a recording {@code
 * MetadataApplier}. The sink runs at parallelism {@value RegistryHarness#SINK_PARALLELISM}.
 */
class SchemaRegistryTest {
    private final Path logDir = RegistryHarness.scratchLogDir();

    private final RecordingApplier applier = new RecordingApplier();
    private RegistryHarness harness;

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
        RegistryHarness.deleteScratch(logDir);
    }

    private RegistryHarness start(SchemaChangeBehavior behavior, int sources) throws Exception {
        harness = started(config(behavior, applier, logDir), sources);
        return harness;
    }

    /** Subtask 0 creates db.orders (request 1, position 1) through the whole protocol. */
    private SchemaChangeResponse createOrdersFromSubtask0() throws Exception {
        return harness.applyThroughFlush(request(0, 1, createOrders(), 1, Map.of()));
    }

    /** A step of db.orders: to {@code version}, by {@code event}, ending at {@code schemaAfter}. */
    private static SinkSchemaStep step(int version, SchemaChangeEvent event, Schema schemaAfter) {
        return new SinkSchemaStep(ORDERS, version, List.of(event), schemaAfter);
    }

    // ------------------------------------------------------------------ 1: flush, apply, answer

    @Test
    void aChangeIsAppliedOnlyAfterEverySinkSubtaskAcknowledgedTheMarkerSentWithIt()
            throws Exception {
        start(SchemaChangeBehavior.EVOLVE, 2);
        createOrdersFromSubtask0();
        AddColumnEvent add = addPrice();

        harness.send(request(0, 2, add, 2, Map.of(ORDERS, 1)));
        harness.ack(0, 0, 2);
        harness.ack(1, 1, 2); // sink 1 flushed for another source subtask
        harness.ack(1, 0, 1); // and an older marker of subtask 0
        harness.drain();
        assertThat(applier.calls())
                .as("applier calls before sink 1 flushed")
                .containsExactly(createOrders());
        assertThat(harness.gateway(0).events()).hasSize(1); // the create's answer

        harness.ack(1, 0, 2);
        SchemaChangeResponse response = harness.awaitResponse(0, 2);

        assertThat(applier.calls()).containsExactly(createOrders(), add);
        assertThat(response)
                .isEqualTo(new SchemaChangeResponse(2, List.of(step(2, add, ORDERS_V2))));
        assertThat(harness.gateway(1).events()).isEmpty();
        assertThat(harness.context.failures()).isEmpty();
        // G4: never on the event loop, one call at a time.
        assertThat(applier.threads())
                .allSatisfy(t -> assertThat(t).doesNotStartWith("schema-registry-"));
        assertThat(applier.maxConcurrentCalls()).isEqualTo(1);
    }

    /** No row of a table that never existed can be anywhere: its creation waits for no flush. */
    @Test
    void theCreationOfANewTableWaitsForNoFlush() throws Exception {
        start(SchemaChangeBehavior.EVOLVE, 2);
        CreateTableEvent create = createOrders();

        harness.send(request(0, 1, create, 1, Map.of()));
        SchemaChangeResponse response = harness.awaitResponse(0, 1);

        assertThat(applier.calls()).containsExactly(create);
        assertThat(response)
                .isEqualTo(new SchemaChangeResponse(1, List.of(step(1, create, ORDERS_V1))));
    }

    /**
     * At parallelism 1 a change waits only for the marker that covers the rows sent to its tables:
     * one that every sink subtask acknowledged already costs no wait.
     */
    @Test
    void aChangeWhoseRowsWereFlushedBeforeWaitsForNoFlushAtParallelismOne() throws Exception {
        start(SchemaChangeBehavior.EVOLVE, 1);
        createOrdersFromSubtask0(); // marker 1 acknowledged

        harness.send(
                new SchemaChangeRequest(0, 2, addPrice(), 1, 1, 0, 2, null, Map.of(ORDERS, 1)));

        assertThat(harness.awaitResponse(0, 2))
                .isEqualTo(new SchemaChangeResponse(2, List.of(step(2, addPrice(), ORDERS_V2))));
        assertThat(applier.calls()).containsExactly(createOrders(), addPrice());
    }

    @Test
    void atParallelismOneAChangeWaitsForTheMarkerThatCoversItsTablesRows() throws Exception {
        start(SchemaChangeBehavior.EVOLVE, 1);
        createOrdersFromSubtask0();

        harness.send(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));
        harness.ack(0, 0, 2);
        harness.drain();
        assertThat(applier.calls()).as("before sink 1 flushed").containsExactly(createOrders());

        harness.ack(1, 0, 2);
        harness.awaitResponse(0, 2);
        assertThat(applier.calls()).containsExactly(createOrders(), addPrice());
    }

    // ------------------------------------------------------------------ 2, 3: redundant requests

    @Test
    void sameCreateFromAnotherSubtaskIsAnsweredAtOnceWithoutApplyingItAgain() throws Exception {
        start(SchemaChangeBehavior.EVOLVE, 2);
        CreateTableEvent create = createOrders();
        createOrdersFromSubtask0();

        harness.send(request(1, 1, create, 1, Map.of()));
        SchemaChangeResponse response = harness.awaitResponse(1, 1);

        assertThat(response)
                .isEqualTo(new SchemaChangeResponse(1, List.of(step(1, create, ORDERS_V1))));
        assertThat(harness.gateway(1).events()).containsExactly(response);
        assertThat(applier.calls()).containsExactly(create);
        assertThat(harness.context.failures()).isEmpty();
    }

    @Test
    void repeatedDdlOfTheSameSubtaskIsAnsweredWithoutApplierCall() throws Exception {
        start(SchemaChangeBehavior.EVOLVE, 1);
        createOrdersFromSubtask0();
        AddColumnEvent repeated = addLast(ORDERS, "name", DataTypes.STRING());

        harness.send(request(0, 2, repeated, 2, Map.of(ORDERS, 1)));
        SchemaChangeResponse response = harness.awaitResponse(0, 2);

        assertThat(response).isEqualTo(new SchemaChangeResponse(2, List.of()));
        assertThat(applier.calls()).containsExactly(createOrders());
    }

    /**
     * G5 with a repeated DDL: subtask 0 reports create, add price, the same add again (an online
     * schema tool repeats it), drop price. Subtask 1 reads the same binlog later and reports the
     * same four changes at the same positions. Its third change is the repeat: it must be answered
     * at once like the first two, not applied to the sink again.
     */
    @Test
    void repeatedDdlReportedLaterByAnotherSubtaskIsNotAppliedAgain() throws Exception {
        start(SchemaChangeBehavior.EVOLVE, 2);
        CreateTableEvent create = createOrders();
        AddColumnEvent add = addPrice();
        DropColumnEvent dropPrice = drop(ORDERS, "price");
        createOrdersFromSubtask0();
        harness.applyThroughFlush(request(0, 2, add, 2, Map.of(ORDERS, 1)));
        harness.send(request(0, 3, add, 3, Map.of(ORDERS, 2)));
        assertThat(harness.awaitResponse(0, 3)).isEqualTo(new SchemaChangeResponse(3, List.of()));
        harness.applyThroughFlush(request(0, 4, dropPrice, 4, Map.of(ORDERS, 2)));
        assertThat(applier.calls()).containsExactly(create, add, dropPrice);

        harness.send(request(1, 1, create, 1, Map.of()));
        harness.send(request(1, 2, add, 2, Map.of(ORDERS, 1)));
        assertThat(harness.awaitResponse(1, 2).steps())
                .extracting(SinkSchemaStep::version)
                .containsExactly(2);
        harness.send(request(1, 3, add, 3, Map.of(ORDERS, 2)));
        SchemaChangeResponse first = harness.awaitResponse(1, 3);

        // Regression: a repeat recognised by schema must be remembered by its position, else
        // subtask 1's position 3 is unknown once the drop at position 4 removed price, and the
        // add would be applied to the sink a second time.
        assertThat(first)
                .as("the repeat at position 3 must be answered at once, not re-applied")
                .isEqualTo(new SchemaChangeResponse(3, List.of()));
        assertThat(applier.calls())
                .as("applier calls; price must not be added again after it was dropped")
                .containsExactly(create, add, dropPrice);
    }

    // ------------------------------------------------------------------ 4: try_evolve / evolve

    @Test
    void tryEvolveSkipsAChangeTheSinkDoesNotSupport() throws Exception {
        applier.failOn(
                SchemaChangeEventType.ADD_COLUMN,
                e -> new UnsupportedSchemaChangeEventException(e, "no new columns here"));
        start(SchemaChangeBehavior.TRY_EVOLVE, 1);
        createOrdersFromSubtask0();
        AddColumnEvent add = addPrice();

        SchemaChangeResponse response =
                harness.applyThroughFlush(request(0, 2, add, 2, Map.of(ORDERS, 1)));

        assertThat(response).isEqualTo(new SchemaChangeResponse(2, List.of()));
        assertThat(applier.calls()).containsExactly(createOrders(), add);
        assertThat(applier.applied()).containsExactly(createOrders());
        harness.drain();
        assertThat(harness.context.failures()).isEmpty();
    }

    @Test
    void tryEvolveFailsTheJobOnAFailureOtherThanUnsupported() throws Exception {
        applier.failOn(
                SchemaChangeEventType.ADD_COLUMN,
                e -> new RuntimeException("connection to the sink lost"));
        start(SchemaChangeBehavior.TRY_EVOLVE, 1);
        createOrdersFromSubtask0();
        AddColumnEvent add = addPrice();

        harness.send(request(0, 2, add, 2, Map.of(ORDERS, 1)));
        harness.ackAll(0, 2);
        Throwable failure = harness.context.awaitFailure();

        assertThat(failure)
                .isInstanceOf(SchemaEvolutionException.class)
                .hasMessageContaining(add.toString())
                .hasMessageContaining("connection to the sink lost")
                .hasMessageContaining("try_evolve");
        assertThat(applier.applied()).containsExactly(createOrders());
    }

    @Test
    void evolveFailsTheJobWhenTheSinkDoesNotSupportAChange() throws Exception {
        applier.failOn(
                SchemaChangeEventType.ADD_COLUMN,
                e -> new UnsupportedSchemaChangeEventException(e, "no new columns here"));
        start(SchemaChangeBehavior.EVOLVE, 1);
        createOrdersFromSubtask0();
        AddColumnEvent add = addPrice();

        harness.send(request(0, 2, add, 2, Map.of(ORDERS, 1)));
        harness.ackAll(0, 2);
        Throwable failure = harness.context.awaitFailure();

        assertThat(failure)
                .as("the sink would refuse it again after a restart: the job ends")
                .isInstanceOf(SuppressRestartsException.class);
        assertThat(failure.getCause())
                .isInstanceOf(SchemaEvolutionException.class)
                .hasMessageContaining(ORDERS.toString())
                .hasMessageContaining(add.toString())
                .hasMessageContaining("schema.change.behavior")
                .hasCauseInstanceOf(UnsupportedSchemaChangeEventException.class);
        harness.drain();
        assertThat(harness.context.failures()).containsExactly(failure);
        assertThat(harness.gateway(0).eventsOf(SchemaChangeResponse.class))
                .extracting(SchemaChangeResponse::requestId)
                .containsExactly(1L);
    }

    // ------------------------------------------------------------------ 5: exception

    @Test
    void exceptionBehaviorFlushesEarlierRowsBeforeFailingTheJob() throws Exception {
        start(SchemaChangeBehavior.EXCEPTION, 1);
        createOrdersFromSubtask0();
        AddColumnEvent add = addPrice();

        harness.send(request(0, 2, add, 2, Map.of(ORDERS, 1))); // rows since the last flush
        harness.ack(0, 0, 2);
        harness.drain();
        assertThat(harness.context.failures()).as("failures before every sink flushed").isEmpty();

        harness.ack(1, 0, 2);
        Throwable failure = failureAfterTheDrain();

        assertRejection(failure, add);
        assertThat(applier.calls()).containsExactly(createOrders());
        assertThat(harness.gateway(0).eventsOf(SchemaChangeResponse.class)).hasSize(1);
    }

    /**
     * G7: before the job fails on a rejected change, every schema operator subtask is asked to
     * drain, and the job fails only once every sink subtask wrote what it held.
     */
    private Throwable failureAfterTheDrain() throws Exception {
        DrainRequest drain = harness.gateway(0).await(DrainRequest.class, r -> true);
        assertThat(drain.sources()).as("every reachable schema operator subtask").isEqualTo(1);
        harness.drain();
        assertThat(harness.context.failures()).as("failures before the sink drained").isEmpty();
        harness.drainAckAll(drain);
        Throwable failure = harness.context.awaitFailure();
        assertThat(failure)
                .as("a rejection ends the job: a restart would only reject it again")
                .isInstanceOf(SuppressRestartsException.class);
        return failure.getCause();
    }

    /**
     * A task that fails meanwhile never sends its drain marker (its restarted attempt is not asked
     * for one): the job fails at once, not after the rpc timeout.
     */
    @Test
    void aTaskFailureDuringTheDrainFailsTheJobAtOnce() throws Exception {
        start(SchemaChangeBehavior.EXCEPTION, 1);
        createOrdersFromSubtask0();
        harness.send(
                new SchemaChangeRequest(0, 2, addPrice(), 1, 1, 0, 2, null, Map.of(ORDERS, 1)));
        harness.gateway(0).await(DrainRequest.class, r -> true);
        harness.drain();
        assertThat(harness.context.failures()).as("failures before the task failed").isEmpty();

        harness.registry.executionAttemptFailed(0, 0, new RuntimeException("task failure"));

        Throwable failure = harness.context.awaitFailure();
        assertThat(failure).isInstanceOf(SuppressRestartsException.class);
        assertThat(failure.getCause()).isInstanceOf(SchemaChangeRejectedException.class);
        assertThat(harness.context.failures()).hasSize(1);
    }

    /**
     * A sink subtask of an attempt that restarted meanwhile asks where a table stands before it
     * hands its writer anything, the drain marker included. The rejected change is not in the sink,
     * so the registry answers it during the drain; left waiting, the drain would have waited for
     * that subtask until the rpc timeout (found by a fault run, seed 99525 of the repartitioning
     * sink test).
     */
    @Test
    void aSinkSubtaskAskingWhereATableStandsDuringTheDrainIsAnswered() throws Exception {
        start(SchemaChangeBehavior.EXCEPTION, 1);
        createOrdersFromSubtask0();
        var askedBefore = harness.queryAsync(ORDERS, 0);
        harness.drain();
        assertThat(askedBefore).as("no change in flight: answered at once").isDone();
        harness.send(
                new SchemaChangeRequest(0, 2, addPrice(), 1, 1, 0, 2, null, Map.of(ORDERS, 1)));
        DrainRequest drain = harness.gateway(0).await(DrainRequest.class, r -> true);

        var snapshot = harness.queryAsync(ORDERS, 0).get(10, TimeUnit.SECONDS);

        assertThat(snapshot.version()).isEqualTo(1);
        assertThat(snapshot.schema()).isEqualTo(ORDERS_V1);
        assertThat(harness.context.failures()).as("failures before the sink drained").isEmpty();
        harness.drainAckAll(drain);
        assertThat(harness.context.awaitFailure()).isInstanceOf(SuppressRestartsException.class);
    }

    @Test
    void exceptionBehaviorFailsAtOnceWhenEveryRowWasFlushedBefore() throws Exception {
        start(SchemaChangeBehavior.EXCEPTION, 1);
        createOrdersFromSubtask0(); // marker 1 acknowledged; no row since
        AddColumnEvent add = addPrice();

        harness.send(new SchemaChangeRequest(0, 2, add, 1, 1, 0, 2, null, Map.of(ORDERS, 1)));
        Throwable failure = failureAfterTheDrain();

        assertRejection(failure, add);
        assertThat(harness.gateway(0).eventsOf(SchemaChangeResponse.class)).hasSize(1);
        assertThat(applier.calls()).containsExactly(createOrders());
    }

    private static void assertRejection(Throwable failure, AddColumnEvent add) {
        assertThat(failure)
                .isInstanceOf(SchemaChangeRejectedException.class)
                .hasMessageContaining(ORDERS.toString())
                .hasMessageContaining(add.toString())
                // the sink schema before and after the change, side by side
                .hasMessageFindingMatch("column +\\| current +\\| after change")
                .hasMessageFindingMatch("name +\\| STRING +\\| STRING")
                .hasMessageFindingMatch("price +\\| - +\\| DOUBLE")
                .hasMessageContaining("exclude.schema.changes");
        assertThat(((SchemaChangeRejectedException) failure).change()).isEqualTo(add);
    }

    // ------------------------------------------------------------------ 6: rpc timeout

    @Test
    void anApplierCallOutlivingTheRpcTimeoutFailsTheJob() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        var blocked = applier.blockOn(SchemaChangeEventType.CREATE_TABLE, release);
        harness =
                started(
                        config(
                                SchemaChangeBehavior.EVOLVE,
                                applier,
                                Duration.ofMillis(200),
                                List.of(),
                                logDir),
                        1);
        try {
            CreateTableEvent create = createOrders();
            harness.send(request(0, 1, create, 1, Map.of()));
            assertThat(blocked.get(5, TimeUnit.SECONDS)).isEqualTo(create);
            Throwable failure = harness.context.awaitFailure();

            assertThat(failure)
                    .isInstanceOf(SchemaEvolutionException.class)
                    .hasMessageContaining(ORDERS.toString())
                    .hasMessageContaining(create.toString())
                    .hasMessageContaining("schema-operator.rpc-timeout");
            assertThat(applier.applied()).as("the call is still blocked").isEmpty();
            assertThat(harness.gateway(0).eventsOf(SchemaChangeResponse.class)).isEmpty();
        } finally {
            release.countDown();
        }
    }

    // ------------------------------------------------------------------ more of the protocol

    @Test
    void aSubtaskReportingTheSameChangeWhileTheFirstWaitsForItsFlushGetsItOnce() throws Exception {
        start(SchemaChangeBehavior.EVOLVE, 2);
        createOrdersFromSubtask0();
        harness.send(request(1, 1, createOrders(), 1, Map.of()));
        harness.awaitResponse(1, 1);
        AddColumnEvent add = addPrice();
        harness.send(request(0, 2, add, 2, Map.of(ORDERS, 1)));

        harness.send(request(1, 2, add, 2, Map.of(ORDERS, 1)));
        harness.drain();
        assertThat(harness.gateway(1).events()).as("subtask 1 while the add waits").hasSize(1);
        harness.ackAll(0, 2);

        SchemaChangeResponse added = new SchemaChangeResponse(2, List.of(step(2, add, ORDERS_V2)));
        assertThat(harness.awaitResponse(0, 2)).isEqualTo(added);
        assertThat(harness.awaitResponse(1, 2)).isEqualTo(added);
        assertThat(harness.gateway(1).events()).hasSize(2);
        assertThat(applier.calls()).containsExactly(createOrders(), add);
    }

    @Test
    void tryEvolveDoesNotCallTheApplierForATypeTheSinkDoesNotSupport() throws Exception {
        applier.supporting(EnumSet.of(SchemaChangeEventType.CREATE_TABLE));
        start(SchemaChangeBehavior.TRY_EVOLVE, 1);
        createOrdersFromSubtask0();

        assertThat(harness.applyThroughFlush(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1))))
                .isEqualTo(new SchemaChangeResponse(2, List.of()));
        assertThat(applier.calls()).containsExactly(createOrders());
        harness.drain();
        assertThat(harness.context.failures()).isEmpty();
    }

    @Test
    void eventsForASubtaskWithoutGatewayAreSentWhenItBecomesReady() throws Exception {
        harness = started(config(SchemaChangeBehavior.EVOLVE, applier, logDir), 0);
        harness.send(request(0, 1, createOrders(), 1, Map.of()));
        harness.drain();

        harness.connectAll(1);

        assertThat(harness.awaitResponse(0, 1).steps())
                .containsExactly(step(1, createOrders(), ORDERS_V1));
        assertThat(harness.gateway(0).events()).hasSize(1);
    }
}
