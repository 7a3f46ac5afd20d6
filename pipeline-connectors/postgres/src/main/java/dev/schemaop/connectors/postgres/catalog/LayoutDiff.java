package dev.schemaop.connectors.postgres.catalog;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.types.DataType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The schema change events that take a table from one layout to the next, told apart by each
 * column's attnum, never by guessing from names: a column whose attnum is gone was dropped, a new
 * attnum was added, the same attnum under another name was renamed, with another type retyped. In
 * that order, so that a statement that drops {@code a} and renames {@code b} to {@code a}, or
 * renames {@code a} and adds another {@code a}, reaches the sink as it ran.
 */
public final class LayoutDiff {
    private LayoutDiff() {}

    public static List<Event> between(TableLayout before, TableLayout after) {
        TableId table = after.id();
        Map<Integer, ColumnLayout> old = byAttnum(before);
        Map<Integer, ColumnLayout> now = byAttnum(after);
        List<Event> events = new ArrayList<>();

        List<String> dropped = new ArrayList<>();
        old.forEach(
                (attnum, column) -> {
                    if (!now.containsKey(attnum)) {
                        dropped.add(column.name());
                    }
                });
        if (!dropped.isEmpty()) {
            events.add(new DropColumnEvent(table, dropped));
        }

        Map<String, String> renamed = new LinkedHashMap<>();
        Map<String, DataType> retyped = new LinkedHashMap<>();
        now.forEach(
                (attnum, column) -> {
                    ColumnLayout was = old.get(attnum);
                    if (was == null) {
                        return;
                    }
                    if (!was.name().equals(column.name())) {
                        renamed.put(was.name(), column.name());
                    }
                    DataType type = PostgresTypes.of(column, after);
                    if (!PostgresTypes.of(was, before).equals(type)) {
                        retyped.put(column.name(), type);
                    }
                });
        if (!renamed.isEmpty()) {
            events.add(new RenameColumnEvent(table, renamed));
        }
        if (!retyped.isEmpty()) {
            events.add(new AlterColumnTypeEvent(table, retyped));
        }

        List<AddColumnEvent.ColumnWithPosition> added = new ArrayList<>();
        String previous = null;
        for (ColumnLayout column : after.columns()) {
            if (!old.containsKey(column.attnum())) {
                Column physical =
                        Column.physicalColumn(column.name(), PostgresTypes.of(column, after));
                added.add(
                        previous == null
                                ? AddColumnEvent.first(physical)
                                : AddColumnEvent.after(physical, previous));
            }
            previous = column.name();
        }
        if (!added.isEmpty()) {
            events.add(new AddColumnEvent(table, added));
        }
        return events;
    }

    private static Map<Integer, ColumnLayout> byAttnum(TableLayout layout) {
        Map<Integer, ColumnLayout> columns = new LinkedHashMap<>();
        for (ColumnLayout column : layout.columns()) {
            columns.put(column.attnum(), column);
        }
        return columns;
    }
}
