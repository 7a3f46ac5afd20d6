package dev.schemaop.e2e.mariadb;

import dev.schemaop.connectors.values.sink.ValuesStore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What the values sink has of one database's tables, in a form a test compares whole. */
final class ValuesTables {
    private ValuesTables() {}

    /**
     * Per table name (the part after the database): the schema change events of the table in the
     * order the sink received them, then its columns and its rows, or "dropped" for a table it no
     * longer has.
     */
    static Map<String, List<String>> of(String output, String db) throws Exception {
        JsonNode store = new ObjectMapper().readTree(ValuesStore.forPath(output).toJson());
        Map<String, List<String>> tables = new TreeMap<>();
        for (JsonNode change : store.path("schemaChanges")) {
            String event = change.path("event").asText();
            String prefix = "tableId=" + db + ".";
            int start = event.indexOf(prefix) + prefix.length();
            int comma = event.indexOf(", ", start);
            int brace = event.indexOf('}', start);
            int end = comma < 0 ? brace : Math.min(comma, brace);
            tables.computeIfAbsent(event.substring(start, end), t -> new ArrayList<>()).add(event);
        }
        for (Map.Entry<String, List<String>> table : tables.entrySet()) {
            JsonNode stored = store.path("tables").path(db + "." + table.getKey());
            if (stored.isMissingNode()) {
                table.getValue().add("dropped");
                continue;
            }
            List<String> columns = new ArrayList<>();
            for (JsonNode column : stored.path("schema").path("columns")) {
                columns.add(column.path("name").asText() + " " + column.path("type").asText());
            }
            table.getValue().add("columns: " + String.join(", ", columns));
            for (JsonNode row : stored.path("rows")) {
                List<String> cells = new ArrayList<>();
                row.fields()
                        .forEachRemaining(
                                cell ->
                                        cells.add(
                                                cell.getKey()
                                                        + "="
                                                        + (cell.getValue().isNull()
                                                                ? "null"
                                                                : cell.getValue().asText())));
                table.getValue().add("row: " + String.join(", ", cells));
            }
        }
        return tables;
    }
}
