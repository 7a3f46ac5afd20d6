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
        List<TableId> named = named(value);
        for (Object element : structs) {
            Struct change = (Struct) element;
            Kind kind = Kind.valueOf(change.getString("type"));
            TableId id = DebeziumTableIds.resolve(change.getString("id"), named);
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

    /**
     * The tables the record's source names: its database and its table, or (a statement on several
     * tables of one database) its tables joined by commas. Debezium's text of a table id alone is
     * ambiguous ({@link DebeziumTableIds}); these are the tables it can be.
     */
    private static List<TableId> named(Struct value) {
        Struct source = value.schema().field("source") == null ? null : value.getStruct("source");
        String database = source == null ? null : stringOr(source, "db");
        String tables = source == null ? null : stringOr(source, "table");
        if (database == null || tables == null) {
            return List.of();
        }
        List<TableId> named = new ArrayList<>();
        named.add(TableId.tableId(database, tables));
        for (String table : tables.split(",")) {
            named.add(TableId.tableId(database, table));
        }
        return named;
    }

    private static String stringOr(Struct struct, String field) {
        return struct.schema().field(field) == null ? null : struct.getString(field);
    }
}
