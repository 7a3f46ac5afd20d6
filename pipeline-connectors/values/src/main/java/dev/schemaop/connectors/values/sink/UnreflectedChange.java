package dev.schemaop.connectors.values.sink;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of a column change a stored table does not reflect yet: what makes the store's applier
 * idempotent (a column added that is there, dropped that is gone, renamed from a name that is gone
 * is left out).
 */
final class UnreflectedChange {
    private UnreflectedChange() {}

    /** The part of {@code event} not reflected yet, or null when nothing is left. */
    static SchemaChangeEvent of(Schema schema, SchemaChangeEvent event) {
        List<String> names = schema.getColumnNames();
        if (event instanceof AddColumnEvent) {
            List<AddColumnEvent.ColumnWithPosition> left = new ArrayList<>();
            for (AddColumnEvent.ColumnWithPosition c : ((AddColumnEvent) event).getAddedColumns()) {
                if (!names.contains(c.getAddColumn().getName())) {
                    left.add(c);
                }
            }
            return left.isEmpty() ? null : new AddColumnEvent(event.tableId(), left);
        }
        if (event instanceof AlterColumnTypeEvent) {
            Map<String, DataType> left = new LinkedHashMap<>();
            ((AlterColumnTypeEvent) event)
                    .getTypeMapping()
                    .forEach(
                            (name, type) -> {
                                if (!names.contains(name)) {
                                    throw new IllegalStateException(
                                            "column "
                                                    + name
                                                    + " does not exist in "
                                                    + event.tableId());
                                }
                                left.put(name, type);
                            });
            return new AlterColumnTypeEvent(event.tableId(), left);
        }
        if (event instanceof RenameColumnEvent) {
            Map<String, String> left = new LinkedHashMap<>();
            ((RenameColumnEvent) event)
                    .getNameMapping()
                    .forEach(
                            (from, to) -> {
                                if (names.contains(from)) {
                                    left.put(from, to);
                                }
                            });
            return left.isEmpty() ? null : new RenameColumnEvent(event.tableId(), left);
        }
        if (event instanceof DropColumnEvent) {
            List<String> left = new ArrayList<>();
            for (String c : ((DropColumnEvent) event).getDroppedColumnNames()) {
                if (names.contains(c)) {
                    left.add(c);
                }
            }
            return left.isEmpty() ? null : new DropColumnEvent(event.tableId(), left);
        }
        throw new IllegalStateException("unknown schema change " + event);
    }
}
