package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V2;
import static dev.schemaop.registry.RegistryFixtures.addPrice;
import static dev.schemaop.registry.RegistryFixtures.createOrders;
import static dev.schemaop.registry.RegistryFixtures.drop;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.junit.jupiter.api.Test;

import java.util.List;

/** The steps an answer carries from the version a subtask knows (pure bookkeeping). */
class SinkTableStateTest {
    private final SinkTableState sink = new SinkTableState(ORDERS, null, 0);
    private SinkSchemaStep v1;
    private SinkSchemaStep v2;
    private SinkSchemaStep v3;

    private void threeVersions() {
        v1 = sink.advance(List.<SchemaChangeEvent>of(createOrders()), ORDERS_V1);
        v2 = sink.advance(List.<SchemaChangeEvent>of(addPrice()), ORDERS_V2);
        v3 = sink.advance(List.<SchemaChangeEvent>of(drop(ORDERS, "price")), ORDERS_V1);
    }

    @Test
    void advanceNumbersVersionsAndKeepsTheSchema() {
        threeVersions();

        assertThat(List.of(v1.version(), v2.version(), v3.version())).containsExactly(1, 2, 3);
        assertThat(sink.version).isEqualTo(3);
        assertThat(sink.schema).isEqualTo(ORDERS_V1);
        assertThat(v2).isEqualTo(new SinkSchemaStep(ORDERS, 2, List.of(addPrice()), ORDERS_V2));
    }

    @Test
    void stepsFromTheKnownVersionUpToTheTarget() {
        threeVersions();

        assertThat(sink.stepsBetween(0, 3)).containsExactly(v1, v2, v3);
        assertThat(sink.stepsBetween(1, 3)).containsExactly(v2, v3);
        assertThat(sink.stepsBetween(0, 2)).containsExactly(v1, v2);
        assertThat(sink.stepsBetween(2, 2)).isEmpty();
    }

    @Test
    void aSubtaskReplayingFromTheStartGetsTheOlderTargetStep() {
        threeVersions();

        assertThat(sink.stepsBetween(3, 1)).containsExactly(v1);
    }

    @Test
    void withoutHistoryTheNewestSchemaComesAsAResetStep() {
        SinkTableState restored = new SinkTableState(ORDERS, ORDERS_V2, 5); // from a checkpoint

        assertThat(restored.stepsBetween(2, 5))
                .containsExactly(SinkSchemaStep.reset(ORDERS, 5, ORDERS_V2));
        assertThat(restored.stepsBetween(2, 5).get(0).isReset()).isTrue();
    }
}
