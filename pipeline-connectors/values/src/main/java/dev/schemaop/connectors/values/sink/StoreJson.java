package dev.schemaop.connectors.values.sink;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The values store as the JSON its output file holds (format in the connector's README). */
final class StoreJson {
    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private StoreJson() {}

    /**
     * @param schemas each table's schema, by table id, in the order to print
     * @param rows each table's rows by key
     * @param changes the applied schema changes, in order
     * @param commits the committer's counters; none printed when empty
     */
    static String render(
            Map<String, Schema> schemas,
            Map<String, Map<List<Object>, Map<String, Object>>> rows,
            List<Map<String, String>> changes,
            Map<String, Long> commits) {
        ObjectNode root = MAPPER.createObjectNode();
        ObjectNode tablesNode = root.putObject("tables");
        schemas.forEach((id, schema) -> tablesNode.set(id, table(schema, rows.get(id))));
        ArrayNode changesNode = root.putArray("schemaChanges");
        for (Map<String, String> change : changes) {
            ObjectNode c = changesNode.addObject();
            change.forEach(c::put);
        }
        if (!commits.isEmpty()) {
            ObjectNode commitsNode = root.putObject("commits");
            for (String counter :
                    List.of(
                            ValuesStore.C_COMMITTABLES,
                            ValuesStore.C_ROWS,
                            ValuesStore.C_CLEARED,
                            ValuesStore.C_REPEATED)) {
                commitsNode.put(counter, commits.getOrDefault(counter, 0L));
            }
        }
        try {
            return MAPPER.writeValueAsString(root) + System.lineSeparator();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode table(Schema schema, Map<List<Object>, Map<String, Object>> rows) {
        ObjectNode node = MAPPER.createObjectNode();
        ObjectNode schemaNode = node.putObject("schema");
        ArrayNode columns = schemaNode.putArray("columns");
        for (Column c : schema.getColumns()) {
            ObjectNode col = columns.addObject();
            col.put("name", c.getName());
            col.put("type", c.getType().asSerializableString());
            col.put("nullable", c.getType().isNullable());
        }
        ArrayNode pks = schemaNode.putArray("primaryKeys");
        schema.primaryKeys().forEach(pks::add);
        ArrayNode rowsNode = node.putArray("rows");
        List<Map.Entry<List<Object>, Map<String, Object>>> sorted =
                new ArrayList<>(rows.entrySet());
        sorted.sort(Map.Entry.comparingByKey(RowValues.KEY_ORDER));
        for (Map.Entry<List<Object>, Map<String, Object>> row : sorted) {
            ObjectNode r = rowsNode.addObject();
            for (Column c : schema.getColumns()) {
                r.set(c.getName(), RowValues.render(row.getValue().get(c.getName()), c.getType()));
            }
        }
        return node;
    }
}
