package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.addPrice;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.behavior.SkipReason;
import dev.schemaop.behavior.SkippedChange;

import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class RegistryMetricsTest {
    private static final RenameColumnEvent RENAME =
            new RenameColumnEvent(ORDERS, Map.of("amount", "total"));

    private static SinkPlan plan(List<SchemaChangeEvent> events, List<SkippedChange> skipped) {
        return new SinkPlan(ORDERS, 1, ORDERS_V1, events, skipped);
    }

    @Test
    void aChangeTheSinkGetsAsItCameIsApplied() {
        assertThat(
                        RegistryMetrics.outcomeOf(
                                addPrice(), List.of(plan(List.of(addPrice()), List.of()))))
                .isEqualTo(RegistryMetrics.Outcome.APPLIED);
    }

    @Test
    void aChangeTheSinkGetsAsAnotherIsConverted() {
        // LENIENT: a rename reaches the sink as the new column added
        assertThat(RegistryMetrics.outcomeOf(RENAME, List.of(plan(List.of(addPrice()), List.of()))))
                .isEqualTo(RegistryMetrics.Outcome.CONVERTED);
    }

    @Test
    void aChangeTheSinkGetsPartOfIsConverted() {
        List<SkippedChange> part = List.of(new SkippedChange(RENAME, SkipReason.KEY_COLUMN));
        assertThat(RegistryMetrics.outcomeOf(addPrice(), List.of(plan(List.of(addPrice()), part))))
                .isEqualTo(RegistryMetrics.Outcome.CONVERTED);
    }

    @Test
    void aChangeNoSinkGetsIsSkipped() {
        List<SkippedChange> all = List.of(new SkippedChange(addPrice(), SkipReason.NOT_ACCEPTED));
        assertThat(RegistryMetrics.outcomeOf(addPrice(), List.of(plan(List.of(), all))))
                .isEqualTo(RegistryMetrics.Outcome.SKIPPED);
        assertThat(RegistryMetrics.outcomeOf(addPrice(), List.of()))
                .as("a change routed to no sink table")
                .isEqualTo(RegistryMetrics.Outcome.SKIPPED);
    }
}
