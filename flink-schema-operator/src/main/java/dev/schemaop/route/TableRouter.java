package dev.schemaop.route;

import org.apache.flink.cdc.common.event.TableId;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a source table's events go (SPEC §7): every matching rule contributes its sink table, in
 * rule order, without duplicates; a table no rule matches goes to the table of the same name.
 * Answers are cached per source table. Not thread-safe: one owner thread (the operator's task
 * thread or the registry's event loop) uses an instance.
 */
public final class TableRouter {
    private final List<RouteRule> rules;
    private final Map<TableId, List<TableId>> sinkTablesBySource = new HashMap<>();

    public TableRouter(List<RouteRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** The sink tables of {@code source}, in rule order; never empty. */
    public List<TableId> sinkTablesOf(TableId source) {
        return sinkTablesBySource.computeIfAbsent(source, this::route);
    }

    public List<RouteRule> rules() {
        return rules;
    }

    private List<TableId> route(TableId source) {
        Set<TableId> sinks = new LinkedHashSet<>();
        for (RouteRule rule : rules) {
            if (rule.matches(source)) {
                sinks.add(rule.sinkTableOf(source));
            }
        }
        return sinks.isEmpty() ? List.of(source) : List.copyOf(sinks);
    }
}
