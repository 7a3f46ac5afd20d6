package dev.schemaop.behavior;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AddColumnEvent.ColumnWithPosition;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Splits a schema change into the part the sink already has and the part it still needs, so that
 * DDL replayed by online schema tools (or reported by two routed sources) neither fails an
 * EXCEPTION pipeline nor reaches the applier twice (Flink CDC issue #4279).
 *
 * <p>Redundant: an added column that exists with the same type; an alteration to the current type;
 * a rename whose old name is gone and whose new name exists; a drop of an absent column; a drop of
 * an absent table. A truncation is never redundant.
 */
final class RedundancyTrimmer {

    private RedundancyTrimmer() {}

    /** The two parts of a change; either may be absent, not both. */
    record Split(@Nullable SchemaChangeEvent needed, @Nullable SchemaChangeEvent redundant) {

        static Split allNeeded(SchemaChangeEvent event) {
            return new Split(event, null);
        }

        static Split allRedundant(SchemaChangeEvent event) {
            return new Split(null, event);
        }
    }

    /** Splits a change other than create.table against the sink's current schema. */
    static Split split(SchemaChangeEvent event, @Nullable Schema sink) {
        switch (event.getType()) {
            case ADD_COLUMN:
                return sink == null
                        ? Split.allNeeded(event)
                        : splitAdd((AddColumnEvent) event, sink);
            case ALTER_COLUMN_TYPE:
                return sink == null
                        ? Split.allNeeded(event)
                        : splitAlter((AlterColumnTypeEvent) event, sink);
            case RENAME_COLUMN:
                return sink == null
                        ? Split.allNeeded(event)
                        : splitRename((RenameColumnEvent) event, sink);
            case DROP_COLUMN:
                return sink == null
                        ? Split.allRedundant(event)
                        : splitDrop((DropColumnEvent) event, sink);
            case DROP_TABLE:
                return sink == null ? Split.allRedundant(event) : Split.allNeeded(event);
            case TRUNCATE_TABLE:
                return Split.allNeeded(event);
            default:
                throw new IllegalArgumentException("Not a change of an existing table: " + event);
        }
    }

    private static Split splitAdd(AddColumnEvent event, Schema sink) {
        List<ColumnWithPosition> needed = new ArrayList<>();
        List<ColumnWithPosition> redundant = new ArrayList<>();
        for (ColumnWithPosition added : event.getAddedColumns()) {
            Column column = added.getAddColumn();
            boolean present = hasColumn(sink, column.getName(), column.getType());
            (present ? redundant : needed).add(added);
        }
        return of(
                event,
                needed.isEmpty() ? null : new AddColumnEvent(event.tableId(), needed),
                redundant.isEmpty() ? null : new AddColumnEvent(event.tableId(), redundant));
    }

    private static Split splitAlter(AlterColumnTypeEvent event, Schema sink) {
        Map<String, DataType> needed = new LinkedHashMap<>();
        Map<String, DataType> redundant = new LinkedHashMap<>();
        for (Map.Entry<String, DataType> entry : event.getTypeMapping().entrySet()) {
            boolean done = hasColumn(sink, entry.getKey(), entry.getValue());
            (done ? redundant : needed).put(entry.getKey(), entry.getValue());
        }
        return of(
                event,
                needed.isEmpty() ? null : alterSlice(event, needed),
                redundant.isEmpty() ? null : alterSlice(event, redundant));
    }

    private static Split splitRename(RenameColumnEvent event, Schema sink) {
        Map<String, String> needed = new LinkedHashMap<>();
        Map<String, String> redundant = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : event.getNameMapping().entrySet()) {
            boolean done =
                    sink.getColumn(entry.getKey()).isEmpty()
                            && sink.getColumn(entry.getValue()).isPresent();
            (done ? redundant : needed).put(entry.getKey(), entry.getValue());
        }
        TableId table = event.tableId();
        return of(
                event,
                needed.isEmpty() ? null : new RenameColumnEvent(table, needed),
                redundant.isEmpty() ? null : new RenameColumnEvent(table, redundant));
    }

    private static Split splitDrop(DropColumnEvent event, Schema sink) {
        List<String> needed = new ArrayList<>();
        List<String> redundant = new ArrayList<>();
        for (String name : event.getDroppedColumnNames()) {
            (sink.getColumn(name).isPresent() ? needed : redundant).add(name);
        }
        TableId table = event.tableId();
        return of(
                event,
                needed.isEmpty() ? null : new DropColumnEvent(table, needed),
                redundant.isEmpty() ? null : new DropColumnEvent(table, redundant));
    }

    /** Keeps the original instance when nothing was redundant: "as is" means as is. */
    private static Split of(
            SchemaChangeEvent original,
            @Nullable SchemaChangeEvent needed,
            @Nullable SchemaChangeEvent redundant) {
        return redundant == null ? Split.allNeeded(original) : new Split(needed, redundant);
    }

    /** The part of an alteration that concerns {@code types}' columns, old types included. */
    static AlterColumnTypeEvent alterSlice(
            AlterColumnTypeEvent event, Map<String, DataType> types) {
        Map<String, DataType> oldTypes = new LinkedHashMap<>();
        for (String name : types.keySet()) {
            DataType old = event.getOldTypeMapping().get(name);
            if (old != null) {
                oldTypes.put(name, old);
            }
        }
        return new AlterColumnTypeEvent(event.tableId(), types, oldTypes);
    }

    private static boolean hasColumn(Schema sink, String name, DataType type) {
        Optional<Column> column = sink.getColumn(name);
        return column.isPresent() && column.get().getType().equals(type);
    }
}
