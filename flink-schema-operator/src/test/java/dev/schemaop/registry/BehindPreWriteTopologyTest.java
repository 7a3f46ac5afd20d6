package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.CUSTOMERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V2;
import static dev.schemaop.registry.RegistryFixtures.addPrice;
import static dev.schemaop.registry.RegistryFixtures.create;
import static dev.schemaop.registry.RegistryFixtures.createOrders;
import static dev.schemaop.registry.RegistryHarness.config;
import static dev.schemaop.registry.RegistryHarness.started;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.FenceSent;
import dev.schemaop.protocol.FlushIds;
import dev.schemaop.protocol.FlushThrough;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SchemaChangeResponse;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.runtime.operators.schema.common.CoordinationResponseUtils;
import org.apache.flink.cdc.runtime.operators.schema.common.event.GetEvolvedSchemaRequest;
import org.apache.flink.cdc.runtime.operators.schema.common.event.GetEvolvedSchemaResponse;
import org.apache.flink.cdc.runtime.operators.schema.common.event.GetOriginalSchemaRequest;
import org.apache.flink.cdc.runtime.operators.schema.common.event.GetOriginalSchemaResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The registry for a sink whose writers sit behind its pre-write topology (issue 25): writers
 * acknowledge flushes by number, a source subtask learns when its last flush came through, each
 * answered change is fenced, and Flink CDC's own schema questions are answered.
 */
class BehindPreWriteTopologyTest {
    @TempDir Path logDir;

    private final RecordingApplier applier = new RecordingApplier();
    private RegistryHarness harness;

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    private void start() throws Exception {
        harness =
                started(
                        config(SchemaChangeBehavior.EVOLVE, applier, logDir)
                                .withWritersBehindTopology(true),
                        1);
    }

    private static SchemaChangeRequest request(
            long requestId,
            SchemaChangeEvent change,
            long flushNumber,
            Map<TableId, Integer> known) {
        long flushId = FlushIds.of(0, flushNumber, 0);
        return new SchemaChangeRequest(
                0, requestId, change, flushId, flushId, 0, (int) requestId, null, known);
    }

    /** The create of orders asked with flush 1, acknowledged by every writer and answered. */
    private void createAnswered() throws Exception {
        harness.send(request(1, createOrders(), 1, Map.of()));
        harness.ackAll(0, FlushIds.counted(1, 0));
        harness.awaitResponse(0, 1);
    }

    /** The subtask names flush 2 as the fence after the create's answer. */
    private void createFenced() {
        harness.registry.handleEventFromOperator(0, 0, new FenceSent(0, 1, FlushIds.of(0, 2, 0)));
    }

    @Test
    void theNextChangeWaitsUntilTheFenceOfTheLastAnswerCameThroughEveryWriter() throws Exception {
        start();
        createAnswered();
        assertThat(harness.gateway(0).await(FlushThrough.class, t -> t.number() == 1))
                .as("the subtask may send its next flush")
                .isNotNull();

        // The fence of the first answer is flush 2; the second request's own flush is 3.
        harness.send(request(2, addPrice(), 3, Map.of(ORDERS, 1)));
        harness.ackAll(0, FlushIds.counted(3, 0));
        harness.drain();
        assertThat(applier.calls())
                .as("every writer is past the flushes, but the subtask has not named its fence")
                .containsExactly(createOrders());

        createFenced();
        SchemaChangeResponse second = harness.awaitResponse(0, 2);

        assertThat(applier.calls()).containsExactly(createOrders(), addPrice());
        assertThat(second.steps()).hasSize(1);
    }

    @Test
    void aFenceNotYetThroughEveryWriterHoldsTheNextChange() throws Exception {
        start();
        createAnswered();
        createFenced();

        harness.send(request(2, addPrice(), 3, Map.of(ORDERS, 1)));
        harness.ack(0, 0, FlushIds.counted(3, 0));
        harness.drain();
        assertThat(applier.calls()).as("one writer of two").containsExactly(createOrders());

        harness.ack(1, 0, FlushIds.counted(3, 0));
        harness.awaitResponse(0, 2);
        assertThat(applier.calls()).containsExactly(createOrders(), addPrice());
    }

    @Test
    void aChangeOfAnotherTableDoesNotWaitForTheFence() throws Exception {
        start();
        createAnswered();

        // flush 2 is the create's fence, not named yet; flush 3 goes with the next request
        harness.send(request(2, create(CUSTOMERS, ORDERS_V1), 3, Map.of()));
        harness.ackAll(0, FlushIds.counted(3, 0));
        harness.awaitResponse(0, 2);
        harness.send(request(3, addPrice(), 4, Map.of(ORDERS, 1)));
        harness.ackAll(0, FlushIds.counted(4, 0));
        harness.drain();
        assertThat(applier.calls())
                .as("customers is created, the change of orders waits for the create's fence")
                .containsExactly(createOrders(), create(CUSTOMERS, ORDERS_V1));

        createFenced();
        harness.awaitResponse(0, 3);
        assertThat(applier.calls())
                .containsExactly(createOrders(), create(CUSTOMERS, ORDERS_V1), addPrice());
    }

    @Test
    void flinkCdcsQuestionsForTheEvolvedAndOriginalSchemaAreAnswered() throws Exception {
        start();
        createAnswered();
        createFenced();
        harness.send(request(2, addPrice(), 3, Map.of(ORDERS, 1)));
        harness.ackAll(0, FlushIds.counted(3, 0));
        harness.awaitResponse(0, 2);

        assertThat(evolved(ORDERS)).contains(ORDERS_V2);
        assertThat(original(ORDERS)).contains(ORDERS_V2);
        assertThat(evolved(TableId.tableId("db", "unknown"))).isEmpty();
    }

    private Optional<Schema> evolved(TableId table) throws Exception {
        GetEvolvedSchemaResponse response =
                CoordinationResponseUtils.unwrap(
                        harness.registry
                                .handleCoordinationRequest(
                                        GetEvolvedSchemaRequest.ofLatestSchema(table))
                                .get(10, TimeUnit.SECONDS));
        return response.getSchema();
    }

    private Optional<Schema> original(TableId table) throws Exception {
        GetOriginalSchemaResponse response =
                CoordinationResponseUtils.unwrap(
                        harness.registry
                                .handleCoordinationRequest(
                                        GetOriginalSchemaRequest.ofLatestSchema(table))
                                .get(10, TimeUnit.SECONDS));
        return response.getSchema();
    }
}
