package dev.schemaop.connectors.jdbc.ddl;

import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.ChangedValues;
import dev.schemaop.connectors.jdbc.dialect.ColumnAlteration;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import java.util.Map;

/** The refusal of an {@code alter.column.type} whose new types would change stored values. */
final class StoredValueRefusal {
    private StoredValueRefusal() {}

    static RefusedChangeException of(
            JdbcDialect dialect, TablePath table, Map<ColumnAlteration, ChangedValues> changed) {
        StringBuilder message =
                new StringBuilder("The ")
                        .append(dialect)
                        .append(" sink refuses alter.column.type of table ")
                        .append(table)
                        .append(": the new ")
                        .append(changed.size() == 1 ? "type" : "types")
                        .append(
                                " would change stored values, so nothing of the change was"
                                        + " applied.");
        for (Map.Entry<ColumnAlteration, ChangedValues> column : changed.entrySet()) {
            ColumnAlteration alteration = column.getKey();
            message.append(" Column ")
                    .append(alteration.current().name())
                    .append(", ")
                    .append(alteration.current().sqlType())
                    .append(" -> ")
                    .append(alteration.newSqlType())
                    .append(": ")
                    .append(column.getValue().describe())
                    .append('.');
        }
        message.append(
                " To go on: widen instead (a type that holds every stored value), or clean the"
                        + " data (update or delete the rows that do not fit the new type) and"
                        + " restart, or run with pipeline.schema.change.behavior: lenient, which"
                        + " keeps the wider type (try_evolve skips the change and keeps it too)");
        return new RefusedChangeException(message.toString());
    }
}
