package dev.schemaop.connectors.postgres.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.flink.cdc.common.event.TableId;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** The JSON of {@link DdlCapture}'s messages and of the layouts a checkpoint keeps. */
public final class LayoutMessages {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LayoutMessages() {}

    /**
     * What one message says: a table's layout after a DDL statement, that it was dropped, or where
     * the rows {@code CREATE TABLE AS} wrote begin or end to be logged again.
     */
    public sealed interface Message permits Layout, Dropped, Relogged {}

    public record Layout(TableLayout layout) implements Message {}

    public record Dropped(long oid, TableId table) implements Message {}

    /**
     * Between a {@code begins} mark and its end, each update of the table is one of the rows its
     * {@code CREATE TABLE AS} (or {@code SELECT INTO}) wrote before the table entered the
     * publication, updated to itself so that the stream carries it: an insert at the sink.
     */
    public record Relogged(long oid, boolean begins) implements Message {}

    public static Message read(String json) {
        JsonNode node = parse(json);
        if (node.hasNonNull("relogged")) {
            return new Relogged(
                    node.get("oid").asLong(), "begin".equals(node.get("relogged").asText()));
        }
        if (node.path("dropped").asBoolean(false)) {
            return new Dropped(
                    node.get("oid").asLong(),
                    TableId.tableId(node.get("schema").asText(), node.get("table").asText()));
        }
        return new Layout(layout(node));
    }

    public static TableLayout layout(String json) {
        return layout(parse(json));
    }

    private static TableLayout layout(JsonNode node) {
        List<ColumnLayout> columns = new ArrayList<>();
        for (JsonNode c : node.get("columns")) {
            columns.add(
                    new ColumnLayout(
                            c.get("attnum").asInt(),
                            c.get("name").asText(),
                            c.get("type").asText(),
                            c.get("category").asText(),
                            c.hasNonNull("element") ? c.get("element").asText() : null,
                            c.get("notnull").asBoolean()));
        }
        List<String> key = new ArrayList<>();
        for (JsonNode k : node.get("key")) {
            key.add(k.asText());
        }
        return new TableLayout(
                node.get("oid").asLong(),
                node.get("schema").asText(),
                node.get("table").asText(),
                columns,
                key,
                node.path("highest").asInt(0)); // not in a checkpoint of a version before it
    }

    /** The layout as the JSON {@link #layout(String)} reads. */
    public static String write(TableLayout layout) {
        ObjectNode node = JSON.createObjectNode();
        node.put("oid", layout.oid());
        node.put("schema", layout.schema());
        node.put("table", layout.table());
        ArrayNode columns = node.putArray("columns");
        for (ColumnLayout column : layout.columns()) {
            ObjectNode c = columns.addObject();
            c.put("attnum", column.attnum());
            c.put("name", column.name());
            c.put("type", column.type());
            c.put("category", column.category());
            c.put("element", column.element());
            c.put("notnull", column.notNull());
        }
        ArrayNode key = node.putArray("key");
        layout.key().forEach(key::add);
        node.put("highest", layout.highest());
        return node.toString();
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("Not a DDL capture message: " + json, e);
        }
    }
}
