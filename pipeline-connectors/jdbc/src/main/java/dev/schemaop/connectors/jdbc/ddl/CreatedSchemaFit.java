package dev.schemaop.connectors.jdbc.ddl;

import dev.schemaop.connectors.jdbc.catalog.ExistingColumn;
import dev.schemaop.connectors.jdbc.catalog.ExistingTable;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.ValueChange;

import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Whether a table that exists holds the schema of a {@code create.table}: every created column is
 * there with a type that holds the created one's values ({@link ValueChange#NONE}: the same type or
 * a wider one) and, unless the created column is NOT NULL too, nullable; the primary key is the
 * created one. Columns beyond the created ones fit when a row without them can be inserted
 * (nullable, or with a default): the pipeline writes only its own columns, and the database keeps
 * or defaults the others (an adopted table).
 */
final class CreatedSchemaFit {
    private CreatedSchemaFit() {}

    /** What does not fit, one phrase each; empty when the table holds the created schema. */
    static List<String> misfits(JdbcDialect dialect, ExistingTable table, Schema schema) {
        List<String> out = new ArrayList<>();
        for (Column column : schema.getColumns()) {
            boolean key = isKey(table, schema, column.getName());
            Optional<ExistingColumn> existing = table.column(column.getName());
            if (!existing.isPresent()) {
                out.add("column " + column.getName() + " is missing");
            } else if (!holds(dialect, existing.get(), column.getType(), key)) {
                out.add(
                        "column "
                                + column.getName()
                                + " is "
                                + existing.get().sqlType()
                                + ", which does not hold "
                                + dialect.columnType(column.getType(), key));
            } else if (!existing.get().isNullable() && column.getType().isNullable() && !key) {
                out.add(
                        "column "
                                + column.getName()
                                + " is NOT NULL, where the created column is nullable");
            }
        }
        for (ExistingColumn existing : table.columns()) {
            boolean created =
                    schema.getColumnNames().stream()
                            .anyMatch(n -> table.sameName(n, existing.name()));
            if (!created && !existing.isNullable() && existing.valueWhenUnwritten() == null) {
                out.add(
                        "column "
                                + existing.name()
                                + ", which the pipeline does not write, is NOT NULL without a"
                                + " default: no row of the pipeline could be inserted");
            }
        }
        if (!sameKey(table, schema.primaryKeys())) {
            out.add(
                    (table.primaryKey().isEmpty()
                                    ? "the table has no primary key"
                                    : "the primary key is ("
                                            + String.join(", ", table.primaryKey())
                                            + ")")
                            + ", where the created one is "
                            + (schema.primaryKeys().isEmpty()
                                    ? "none"
                                    : "(" + String.join(", ", schema.primaryKeys()) + ")"));
        }
        return out;
    }

    /** The created table for a message, in the database's types. */
    static String describe(JdbcDialect dialect, Schema schema) {
        return "("
                + schema.getColumns().stream()
                        .map(
                                c -> {
                                    boolean key = schema.primaryKeys().contains(c.getName());
                                    return c.getName()
                                            + " "
                                            + dialect.columnType(c.getType(), key)
                                            + (key || !c.getType().isNullable() ? " NOT NULL" : "");
                                })
                        .collect(Collectors.joining(", "))
                + (schema.primaryKeys().isEmpty()
                        ? ") without primary key"
                        : ") with primary key (" + String.join(", ", schema.primaryKeys()) + ")");
    }

    /** Whether the column's type holds every value of the created type. */
    private static boolean holds(
            JdbcDialect dialect, ExistingColumn existing, DataType created, boolean key) {
        DataType wanted = dialect.normalize(created, key).nullable();
        DataType has = existing.type().nullable();
        return has.equals(wanted) || ValueChange.of(wanted, has, has) == ValueChange.NONE;
    }

    private static boolean isKey(ExistingTable table, Schema schema, String column) {
        return schema.primaryKeys().stream().anyMatch(k -> table.sameName(k, column));
    }

    private static boolean sameKey(ExistingTable table, List<String> created) {
        return table.primaryKey().size() == created.size()
                && created.stream().allMatch(table::isKeyColumn);
    }
}
