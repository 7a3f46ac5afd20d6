package dev.schemaop.types;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

/** SPEC §3: every discarded value is counted per sink table and column. */
class DiscardedValuesTest {

    /** Records the counters by their group path. */
    private static final class RecordingGroup extends UnregisteredMetricsGroup {
        final Map<String, Counter> counters;
        private final String path;

        RecordingGroup(Map<String, Counter> counters, String path) {
            this.counters = counters;
            this.path = path;
        }

        @Override
        public MetricGroup addGroup(String key, String value) {
            return new RecordingGroup(counters, path + key + "=" + value + "/");
        }

        @Override
        public Counter counter(String name) {
            Counter counter = new org.apache.flink.metrics.SimpleCounter();
            counters.put(path + name, counter);
            return counter;
        }

        @Override
        public <C extends Counter> C counter(String name, C counter) {
            counters.put(path + name, counter);
            return counter;
        }
    }

    @Test
    void countsEveryDiscardedValuePerTableAndColumn() {
        Map<String, Counter> counters = new HashMap<>();
        DiscardedValues discards = new DiscardedValues(new RecordingGroup(counters, ""));
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
    }
}
