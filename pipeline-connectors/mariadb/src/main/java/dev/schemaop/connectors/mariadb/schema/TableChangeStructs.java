package dev.schemaop.connectors.mariadb.schema;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the {@code tableChanges} of a Debezium schema change record: for each table the DDL
 * touched, the kind of change and the table as it is after the statement.
 */
public final class TableChangeStructs {
    private TableChangeStructs() {}

    /** The kind of a table change. */
    public enum Kind {
        CREATE,
        ALTER,
        DROP
    }

    /** One table change: {@code table} is null for a DROP. */
    public record TableChange(Kind kind, TableId id, SourceTable table) {}

    public static List<TableChange> of(Struct value) {
        List<TableChange> changes = new ArrayList<>();
        List<?> structs = value.getArray("tableChanges");
        if (structs == null) {
            return changes;
        }
        for (Object element : structs) {
            Struct change = (Struct) element;
            Kind kind = Kind.valueOf(change.getString("type"));
            TableId id = tableId(change.getString("id"));
            Struct table = change.getStruct("table");
            changes.add(new TableChange(kind, id, table == null ? null : table(table)));
        }
        return changes;
    }

    private static SourceTable table(Struct table) {
        List<SourceColumn> columns = new ArrayList<>();
        for (Object element : table.getArray("columns")) {
            Struct column = (Struct) element;
            columns.add(
                    new SourceColumn(
                            column.getString("name"),
                            column.getString("typeName"),
                            intOr(column, "length", -1),
                            intOr(column, "scale", -1),
                            Boolean.TRUE.equals(column.getBoolean("optional")),
                            strings(column, "enumValues")));
        }
        return new SourceTable(columns, strings(table, "primaryKeyColumnNames"));
    }

    private static int intOr(Struct struct, String field, int fallback) {
        Field f = struct.schema().field(field);
        Object value = f == null ? null : struct.get(f);
        return value == null ? fallback : ((Number) value).intValue();
    }

    private static List<String> strings(Struct struct, String field) {
        Field f = struct.schema().field(field);
        Object value = f == null ? null : struct.get(f);
        List<String> strings = new ArrayList<>();
        if (value instanceof List<?> list) {
            for (Object element : list) {
                strings.add(String.valueOf(element));
            }
        }
        return strings;
    }

    /** Debezium's {@code "db"."table"} (quotes doubled inside a name). */
    static TableId tableId(String quoted) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean inQuotes = false;
        for (int i = 0; i < quoted.length(); i++) {
            char c = quoted.charAt(i);
            if (c == '"' && inQuotes && i + 1 < quoted.length() && quoted.charAt(i + 1) == '"') {
                part.append('"');
                i++;
            } else if (c == '"') {
                inQuotes = !inQuotes;
            } else if (c == '.' && !inQuotes) {
                parts.add(part.toString());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        parts.add(part.toString());
        return parts.size() == 1
                ? TableId.tableId(parts.get(0))
                : TableId.tableId(parts.get(parts.size() - 2), parts.get(parts.size() - 1));
    }
}
