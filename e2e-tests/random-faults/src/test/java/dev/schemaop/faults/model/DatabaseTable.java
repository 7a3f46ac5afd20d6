package dev.schemaop.faults.model;

import dev.schemaop.faults.script.Values;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One table of a small in-memory database: its columns and its rows by key. Column DDL changes the
 * stored rows as a database does (an added column reads null, a renamed one keeps its values, an
 * altered one converts them by {@link Values#convert}); DDL that does not fit the table (a rename
 * of a column that is gone, an add of one that exists) is refused with a message, as a database
 * refuses it. Both the checking sink and the reference model use it; neither uses the runtime's
 * code.
 */
public final class DatabaseTable {
    private final List<String> primaryKeys;
    private List<Column> columns;
    private final TreeMap<Integer, Map<String, Object>> rows = new TreeMap<>();

    public DatabaseTable(Schema schema) {
        this.columns = new ArrayList<>(schema.getColumns());
        this.primaryKeys = List.copyOf(schema.primaryKeys());
    }

    public Schema schema() {
        return Schema.newBuilder()
                .setColumns(new ArrayList<>(columns))
                .primaryKey(primaryKeys)
                .build();
    }

    public List<Column> columns() {
        return List.copyOf(columns);
    }

    public boolean contains(int key) {
        return rows.containsKey(key);
    }

    public void put(Map<String, Object> row) {
        rows.put((Integer) row.get(primaryKeys.get(0)), new LinkedHashMap<>(row));
    }

    public boolean remove(int key) {
        return rows.remove(key) != null;
    }

    public void clear() {
        rows.clear();
    }

    /** The rows in key order, each as its values in column order. */
    public List<List<Object>> rows() {
        List<List<Object>> all = new ArrayList<>();
        for (Map<String, Object> row : rows.values()) {
            List<Object> values = new ArrayList<>();
            columns.forEach(column -> values.add(row.get(column.getName())));
            all.add(values);
        }
        return all;
    }

    /**
     * Applies a column change to the schema and every stored row; returns why it does not fit the
     * table (nothing changed then), or null.
     */
    public String alter(SchemaChangeEvent change) {
        String misfit = misfit(change);
        if (misfit != null) {
            return misfit;
        }
        columns = columnsAfter(change);
        for (Map<String, Object> row : rows.values()) {
            carry(row, change);
        }
        return null;
    }

    /** What a column change does to one row of this table (also to rows not committed yet). */
    public static void carry(Map<String, Object> row, SchemaChangeEvent change) {
        if (change instanceof AddColumnEvent add) {
            add.getAddedColumns().forEach(c -> row.put(c.getAddColumn().getName(), null));
        } else if (change instanceof DropColumnEvent drop) {
            drop.getDroppedColumnNames().forEach(row::remove);
        } else if (change instanceof RenameColumnEvent rename) {
            Map<String, Object> moved = new LinkedHashMap<>();
            rename.getNameMapping().forEach((from, to) -> moved.put(to, row.remove(from)));
            row.putAll(moved);
        } else if (change instanceof AlterColumnTypeEvent alter) {
            alter.getTypeMapping()
                    .forEach((name, type) -> row.put(name, Values.convert(row.get(name), type)));
        }
    }

    private String misfit(SchemaChangeEvent change) {
        List<String> names = new ArrayList<>();
        columns.forEach(c -> names.add(c.getName()));
        if (change instanceof AddColumnEvent add) {
            for (AddColumnEvent.ColumnWithPosition c : add.getAddedColumns()) {
                if (names.contains(c.getAddColumn().getName())) {
                    return "ADD of column " + c.getAddColumn().getName() + " that exists";
                }
                if (c.getExistedColumnName() != null && !names.contains(c.getExistedColumnName())) {
                    return "ADD next to column "
                            + c.getExistedColumnName()
                            + " that does not exist";
                }
                names.add(c.getAddColumn().getName());
            }
        } else if (change instanceof DropColumnEvent drop) {
            for (String name : drop.getDroppedColumnNames()) {
                if (!names.contains(name) || primaryKeys.contains(name)) {
                    return "DROP of column " + name + " that does not exist or is a key";
                }
            }
        } else if (change instanceof RenameColumnEvent rename) {
            for (Map.Entry<String, String> e : rename.getNameMapping().entrySet()) {
                if (!names.contains(e.getKey()) || names.contains(e.getValue())) {
                    return "RENAME "
                            + e.getKey()
                            + " TO "
                            + e.getValue()
                            + " that does not fit the table";
                }
            }
        } else if (change instanceof AlterColumnTypeEvent alter) {
            for (Map.Entry<String, DataType> retyped : alter.getTypeMapping().entrySet()) {
                String name = retyped.getKey();
                if (!names.contains(name)) {
                    return "ALTER of column " + name + " that does not exist";
                }
                if (!retyped.getValue().isNullable()
                        && rows.values().stream()
                                .anyMatch(
                                        row ->
                                                Values.convert(row.get(name), retyped.getValue())
                                                        == null)) {
                    return "ALTER " + name + " to NOT NULL while rows would hold null";
                }
            }
        } else {
            return "not a column change: " + change;
        }
        return null;
    }

    private List<Column> columnsAfter(SchemaChangeEvent change) {
        List<Column> after = new ArrayList<>(columns);
        if (change instanceof AddColumnEvent add) {
            for (AddColumnEvent.ColumnWithPosition c : add.getAddedColumns()) {
                after.add(positionOf(after, c), c.getAddColumn());
            }
        } else if (change instanceof DropColumnEvent drop) {
            after.removeIf(c -> drop.getDroppedColumnNames().contains(c.getName()));
        } else if (change instanceof RenameColumnEvent rename) {
            after.replaceAll(
                    c ->
                            rename.getNameMapping().containsKey(c.getName())
                                    ? c.copy(rename.getNameMapping().get(c.getName()))
                                    : c);
        } else if (change instanceof AlterColumnTypeEvent alter) {
            after.replaceAll(
                    c ->
                            alter.getTypeMapping().containsKey(c.getName())
                                    ? c.copy(alter.getTypeMapping().get(c.getName()))
                                    : c);
        }
        return after;
    }

    private static int positionOf(List<Column> columns, AddColumnEvent.ColumnWithPosition added) {
        switch (added.getPosition()) {
            case FIRST:
                return 0;
            case LAST:
                return columns.size();
            default:
                for (int i = 0; i < columns.size(); i++) {
                    if (columns.get(i).getName().equals(added.getExistedColumnName())) {
                        return added.getPosition() == AddColumnEvent.ColumnPosition.AFTER
                                ? i + 1
                                : i;
                    }
                }
                throw new IllegalStateException("no column " + added.getExistedColumnName());
        }
    }
}
