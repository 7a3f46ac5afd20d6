package dev.schemaop.connectors.values.script;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AddColumnEvent.ColumnWithPosition;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Places the new columns of one add.column event. It follows the column order the table will have
 * once the columns placed so far are added, so a column may be placed next to one added earlier in
 * the same event, and a name that is already taken, by the table or by that event, is rejected.
 */
final class ColumnPlacement {

    private final ScriptPosition position;
    private final TableId table;
    private final List<String> order;

    ColumnPlacement(ScriptPosition position, TableId table, List<String> columnNames) {
        this.position = position;
        this.table = table;
        this.order = new ArrayList<>(columnNames);
    }

    /**
     * Places column {@code index} (1-based) where its {@code position} says: {@code last} (also
     * when missing), {@code first}, {@code after <column>} or {@code before <column>}.
     */
    ColumnWithPosition place(Column column, int index, JsonNode positionNode) {
        String name = column.getName();
        if (order.contains(name)) {
            throw position.eventError("column '" + name + "' already exists in " + table);
        }
        String where =
                positionNode == null || positionNode.isNull()
                        ? "last"
                        : positionNode.asText().trim();
        String[] parts = where.split("\\s+", 2);
        String keyword = parts[0].toLowerCase(Locale.ROOT);
        if (parts.length == 1 && keyword.equals("last")) {
            order.add(name);
            return AddColumnEvent.last(column);
        }
        if (parts.length == 1 && keyword.equals("first")) {
            order.add(0, name);
            return AddColumnEvent.first(column);
        }
        if (parts.length == 2 && (keyword.equals("after") || keyword.equals("before"))) {
            return placeNextTo(column, index, where, keyword.equals("after"), parts[1].trim());
        }
        throw position.eventError(
                "column "
                        + index
                        + ": invalid position '"
                        + where
                        + "'; expected last, first, after <column> or before <column>");
    }

    private ColumnWithPosition placeNextTo(
            Column column, int index, String where, boolean after, String neighbour) {
        int at = order.indexOf(neighbour);
        if (at < 0) {
            throw position.eventError(
                    "column "
                            + index
                            + ": position '"
                            + where
                            + "' names column '"
                            + neighbour
                            + "', which is not a column of "
                            + table);
        }
        if (after) {
            order.add(at + 1, column.getName());
            return AddColumnEvent.after(column, neighbour);
        }
        order.add(at, column.getName());
        return AddColumnEvent.before(column, neighbour);
    }
}
