package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.CUSTOMERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.addPrice;
import static dev.schemaop.registry.RegistryFixtures.create;
import static dev.schemaop.registry.RegistryFixtures.createOrders;
import static dev.schemaop.registry.RegistryHarness.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.behavior.SchemaChangeDeriver;
import dev.schemaop.protocol.FenceSent;
import dev.schemaop.protocol.FlushAck;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.route.TableRouter;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The queue's decisions, without threads: what is answered, what waits, what is applied. */
class ChangeQueueTest {
    private static final int SINK_SUBTASKS = 2;

    private final ChangeQueue queue = new ChangeQueue(SINK_SUBTASKS, false);
    private final RegistryState state = new RegistryState();
    private final ChangePlanner planner =
            new ChangePlanner(
                    new SchemaChangeDeriver(
                            SchemaChangeBehavior.EVOLVE,
                            false,
                            EnumSet.allOf(SchemaChangeEventType.class)),
                    new TableRouter(List.of()));

    private ChangeQueue.Next next(int sourceSubtasks) {
        return next(sourceSubtasks, List::of);
    }

    private ChangeQueue.Next next(
            int sourceSubtasks, Function<TableId, List<TableId>> sinkTablesOf) {
        return queue.next(
                state,
                request ->
                        new PreparedChange(
                                request,
                                planner.plan(request.change(), request.ordinal(), state),
                                null),
                sinkTablesOf,
                sourceSubtasks);
    }

    /** orders exists at sink version 1, created at position 1. */
    private void ordersCreated() {
        new CompletedChange(
                        new UpstreamChange(1, ORDERS, 1, Mark.fingerprint(null), ORDERS_V1, 0),
                        List.of(new SinkUpdate(ORDERS, List.of(createOrders()), ORDERS_V1)))
                .applyTo(state);
    }

    @Test
    void aCreateOfATableTheSinkNeverHadWaitsForNoFlush() {
        queue.add(request(0, 1, createOrders(), 1, Map.of()));

        assertThat(next(2)).isInstanceOf(ChangeQueue.Next.CarryOut.class);
        assertThat(next(2)).isEqualTo(new ChangeQueue.Next.Wait());
    }

    @Test
    void aChangeWaitsUntilEverySinkSubtaskAcknowledgedTheMarkerSentWithIt() {
        ordersCreated();
        SchemaChangeRequest add = request(0, 2, addPrice(), 2, Map.of(ORDERS, 1));
        queue.add(add);
        queue.add(request(1, 7, createOrders(), 1, Map.of()));

        assertThat(next(2)).isEqualTo(new ChangeQueue.Next.Wait());
        queue.ack(new FlushAck(0, 0, 2));
        assertThat(next(2)).as("one sink subtask of two").isEqualTo(new ChangeQueue.Next.Wait());
        queue.ack(new FlushAck(1, 0, 2));

        ChangeQueue.Next ready = next(2);
        assertThat(ready).isInstanceOf(ChangeQueue.Next.CarryOut.class);
        assertThat(((ChangeQueue.Next.CarryOut) ready).change().request).isEqualTo(add);
    }

    @Test
    void aChangeHandledBeforeIsAnsweredWithTheVersionsOfItsMoment() {
        ordersCreated();
        queue.add(request(1, 4, createOrders(), 1, Map.of()));

        assertThat(next(2))
                .isEqualTo(
                        new ChangeQueue.Next.Answer(
                                request(1, 4, createOrders(), 1, Map.of()), Map.of(ORDERS, 1)));
    }

    @Test
    void aRestartedSubtaskLosesWhatItAskedAndWhatWasAcknowledged() {
        ordersCreated();
        queue.add(request(0, 2, addPrice(), 2, Map.of(ORDERS, 1)));
        queue.ack(new FlushAck(0, 0, 2));
        assertThat(next(2)).isEqualTo(new ChangeQueue.Next.Wait());

        queue.forgetSubtask(0);
        queue.ack(new FlushAck(1, 0, 2));

        assertThat(next(2)).as("nothing left to apply").isEqualTo(new ChangeQueue.Next.Wait());
    }

    @Test
    void aFenceHoldsOnlyTheNextChangeOfItsSinkTablesUntilEveryWriterIsPastIt() {
        ordersCreated();
        queue.awaitFence(0, 1, List.of(ORDERS));
        SchemaChangeRequest createCustomers =
                request(1, 3, create(CUSTOMERS, ORDERS_V1), 1, Map.of());
        SchemaChangeRequest add = request(0, 6, addPrice(), 2, Map.of(ORDERS, 1));
        queue.add(createCustomers);
        queue.add(add);
        queue.ack(new FlushAck(0, 0, 6));
        queue.ack(new FlushAck(1, 0, 6));

        assertThat(carriedOut(next(2)))
                .as("another table's change does not wait for the fence of orders")
                .isEqualTo(createCustomers);
        assertThat(next(2))
                .as("the change of orders waits: the subtask has not named its fence yet")
                .isEqualTo(new ChangeQueue.Next.Wait());

        queue.fenceSent(new FenceSent(0, 1, 7));
        assertThat(next(2))
                .as("no writer is past flush 7 yet")
                .isEqualTo(new ChangeQueue.Next.Wait());
        queue.ack(new FlushAck(0, 0, 7));
        queue.ack(new FlushAck(1, 0, 7));

        assertThat(carriedOut(next(2))).isEqualTo(add);
    }

    @Test
    void aRestartedSubtasksFencesGoWithIt() {
        ordersCreated();
        queue.awaitFence(0, 1, List.of(ORDERS));
        queue.awaitFence(1, 2, List.of(CUSTOMERS));
        SchemaChangeRequest add = request(2, 6, addPrice(), 2, Map.of(ORDERS, 1));
        queue.add(add);
        queue.ack(new FlushAck(0, 2, 6));
        queue.ack(new FlushAck(1, 2, 6));
        assertThat(next(3)).isEqualTo(new ChangeQueue.Next.Wait());

        queue.forgetSubtask(0);

        assertThat(carriedOut(next(3)))
                .as("the fence of customers, still on its way, does not hold orders")
                .isEqualTo(add);
        queue.add(request(2, 8, create(CUSTOMERS, ORDERS_V1), 1, Map.of()));
        assertThat(next(3))
                .as("subtask 1's fence of customers stays")
                .isEqualTo(new ChangeQueue.Next.Wait());
    }

    @Test
    void tablesMergedIntoOneSinkTableShareItsFence() {
        TableId all = TableId.tableId("db", "all");
        queue.awaitFence(0, 1, List.of(all));
        queue.add(request(1, 3, create(CUSTOMERS, ORDERS_V1), 1, Map.of()));

        assertThat(next(2, table -> List.of(all)))
                .as("customers goes into the sink table of the fenced change of orders")
                .isEqualTo(new ChangeQueue.Next.Wait());
        assertThat(carriedOut(next(2, List::of)))
                .as("routed to a table of its own, it would not wait")
                .isEqualTo(request(1, 3, create(CUSTOMERS, ORDERS_V1), 1, Map.of()));
    }

    private static SchemaChangeRequest carriedOut(ChangeQueue.Next next) {
        assertThat(next).isInstanceOf(ChangeQueue.Next.CarryOut.class);
        return ((ChangeQueue.Next.CarryOut) next).change().request;
    }

    @Test
    void aChangeTheStateAlreadyHoldsIsHandled() {
        ordersCreated();
        state.upstream.put(ORDERS, ORDERS_V1);

        assertThat(ChangeQueue.isHandled(request(0, 9, createOrders(), 5, Map.of()), state))
                .as("a repeated create of the same schema")
                .isTrue();
        assertThat(ChangeQueue.isHandled(request(0, 9, addPrice(), 5, Map.of()), state)).isFalse();
    }
}
