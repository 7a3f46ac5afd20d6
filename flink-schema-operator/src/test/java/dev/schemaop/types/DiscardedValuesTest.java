package dev.schemaop.types;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.RecordingMetricGroup;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.metrics.Counter;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

/** SPEC §3: every discarded value is counted per sink table and column. */
class DiscardedValuesTest {

    @Test
    void countsEveryDiscardedValuePerTableAndColumn() {
        Map<String, Counter> counters = new HashMap<>();
        DiscardedValues discards = new DiscardedValues(new RecordingMetricGroup(counters));
        TableId orders = TableId.tableId("db", "orders");
        TableId items = TableId.tableId("db", "items");
        DiscardListener toOrders = discards.listenerFor(orders, orders);
        DiscardListener toItems = discards.listenerFor(items, items);

        toOrders.discarded("email", DiscardReason.NOT_IN_TARGET);
        toOrders.discarded("email", DiscardReason.NOT_IN_TARGET);
        toOrders.discarded("score", DiscardReason.CONVERSION_FAILED);
        toItems.discarded("email", DiscardReason.NOT_IN_TARGET);

        assertThat(counters)
                .containsOnlyKeys(
                        "table=db.orders/column=email/discardedValues",
                        "table=db.orders/column=score/discardedValues",
                        "table=db.items/column=email/discardedValues");
        assertThat(counters.get("table=db.orders/column=email/discardedValues").getCount())
                .isEqualTo(2);
        assertThat(counters.get("table=db.orders/column=score/discardedValues").getCount())
                .isEqualTo(1);
        assertThat(counters.get("table=db.items/column=email/discardedValues").getCount())
                .isEqualTo(1);
        assertThat(discards.takeReport())
                .as("what the next checkpoint reports")
                .isEqualTo(
                        Map.of(
                                "db.orders", Map.of("email", 2L, "score", 1L),
                                "db.items", Map.of("email", 1L)));

        toItems.discarded("email", DiscardReason.NOT_IN_TARGET);

        assertThat(discards.takeReport())
                .as("only what came after the previous report")
                .isEqualTo(Map.of("db.items", Map.of("email", 1L)));
        assertThat(discards.takeReport()).isEmpty();
    }
}
