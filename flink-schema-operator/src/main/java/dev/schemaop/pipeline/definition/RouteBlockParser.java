package dev.schemaop.pipeline.definition;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** The {@code route} block: a list of entries, each source-table, sink-table and options. */
final class RouteBlockParser {
    static final String SOURCE_TABLE = "source-table";
    static final String SINK_TABLE = "sink-table";
    static final String REPLACE_SYMBOL = "replace-symbol";
    static final String DESCRIPTION = "description";
    static final List<String> ROUTE_KEYS =
            List.of(SOURCE_TABLE, SINK_TABLE, REPLACE_SYMBOL, DESCRIPTION);

    private static final String ROUTE_EXAMPLE =
            "route:\n  - source-table: app_db.orders_.*\n    sink-table: ods_db.orders";

    private RouteBlockParser() {}

    static List<RouteDefinition> parse(Optional<YamlNode.Entry> block) {
        if (block.isEmpty() || PipelineDefinitionParser.isNull(block.get().value())) {
            return List.of();
        }
        if (!(block.get().value() instanceof YamlNode.Sequence sequence)) {
            throw block.get()
                    .keyLocation()
                    .error(
                            "'route' must be a list of route entries, not %s. Start each entry with '-',"
                                    + " for example:\n%s",
                            block.get().value().describe(), ROUTE_EXAMPLE);
        }
        List<RouteDefinition> routes = new ArrayList<>();
        for (YamlNode item : sequence.items()) {
            routes.add(parseRoute(item));
        }
        return routes;
    }

    private static RouteDefinition parseRoute(YamlNode item) {
        if (!(item instanceof YamlNode.Mapping entry)) {
            throw item.location()
                    .error(
                            "a route entry must be a mapping with %s and %s, not %s. For example:\n%s",
                            SOURCE_TABLE, SINK_TABLE, item.describe(), ROUTE_EXAMPLE);
        }
        for (YamlNode.Entry option : entry.entries()) {
            if (!ROUTE_KEYS.contains(option.key())) {
                throw option.keyLocation()
                        .error(
                                "unknown key '%s' in a route entry. Valid keys: %s. Remove the key or"
                                        + " correct its spelling.",
                                option.key(), String.join(", ", ROUTE_KEYS));
            }
        }
        String sourceTable = requiredRouteOption(entry, SOURCE_TABLE);
        checkRegex(sourceTable, entry.get(SOURCE_TABLE).get());
        return new RouteDefinition(
                sourceTable,
                requiredRouteOption(entry, SINK_TABLE),
                optionalRouteOption(entry, REPLACE_SYMBOL),
                optionalRouteOption(entry, DESCRIPTION));
    }

    private static String requiredRouteOption(YamlNode.Mapping entry, String key) {
        String value = optionalRouteOption(entry, key);
        if (value == null || value.isBlank()) {
            throw entry.location()
                    .error("route entry has no '%s'. Add it, for example:\n%s", key, ROUTE_EXAMPLE);
        }
        return value;
    }

    private static String optionalRouteOption(YamlNode.Mapping entry, String key) {
        return entry.get(key)
                .filter(e -> !PipelineDefinitionParser.isNull(e.value()))
                .map(e -> PipelineDefinitionParser.text(PipelineDefinitionParser.ROUTE, e))
                .orElse(null);
    }

    private static void checkRegex(String sourceTable, YamlNode.Entry entry) {
        try {
            Pattern.compile(sourceTable);
        } catch (PatternSyntaxException e) {
            throw entry.value()
                    .location()
                    .error(
                            "route option '%s' is not a valid regular expression: %s. Correct the pattern;"
                                    + " escape a literal dot as '\\.'.",
                            SOURCE_TABLE, e.getDescription());
        }
    }
}
