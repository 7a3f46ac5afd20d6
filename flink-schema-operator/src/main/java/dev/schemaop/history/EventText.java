package dev.schemaop.history;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A schema change event as a person reads it in one glance ("add note VARCHAR(40)", "rename
 * customer -> buyer"), for the history's table; the JSON keeps the event's full text too.
 */
public final class EventText {
    private EventText() {}

    /** A statement a source left out, on one line and at most 120 characters. */
    public static String brief(String statement) {
        String line = statement.strip().replaceAll("\\s+", " ");
        return line.length() <= 120 ? line : line.substring(0, 117) + "...";
    }

    public static String brief(SchemaChangeEvent event) {
        if (event instanceof CreateTableEvent create) {
            Schema schema = create.getSchema();
            return "create ("
                    + schema.getColumns().stream()
                            .map(EventText::column)
                            .collect(Collectors.joining(", "))
                    + ")"
                    + (schema.primaryKeys().isEmpty()
                            ? ""
                            : " key (" + String.join(", ", schema.primaryKeys()) + ")");
        }
        if (event instanceof AddColumnEvent add) {
            return add.getAddedColumns().stream()
                    .map(
                            c ->
                                    "add "
                                            + column(c.getAddColumn())
                                            + switch (c.getPosition()) {
                                                case LAST -> "";
                                                case FIRST -> " first";
                                                default ->
                                                        " "
                                                                + c.getPosition()
                                                                        .name()
                                                                        .toLowerCase(Locale.ROOT)
                                                                + " "
                                                                + c.getExistedColumnName();
                                            })
                    .collect(Collectors.joining(", "));
        }
        if (event instanceof AlterColumnTypeEvent alter) {
            return alter.getTypeMapping().entrySet().stream()
                    .map(
                            e ->
                                    "alter "
                                            + e.getKey()
                                            + " "
                                            + alter.getOldTypeMapping().get(e.getKey())
                                            + " -> "
                                            + e.getValue())
                    .collect(Collectors.joining(", "));
        }
        if (event instanceof RenameColumnEvent rename) {
            return rename.getNameMapping().entrySet().stream()
                    .map(e -> "rename " + e.getKey() + " -> " + e.getValue())
                    .collect(Collectors.joining(", "));
        }
        if (event instanceof DropColumnEvent drop) {
            return "drop " + String.join(", ", drop.getDroppedColumnNames());
        }
        if (event instanceof TruncateTableEvent) {
            return "truncate";
        }
        if (event instanceof DropTableEvent) {
            return "drop table";
        }
        return event.toString();
    }

    private static String column(Column column) {
        return column.getName() + " " + column.getType();
    }
}
