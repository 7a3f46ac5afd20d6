package dev.schemaop.connectors.paimon.applier;

import dev.schemaop.connectors.paimon.types.PaimonTypes;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.types.DataType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A schema change as Flink SQL statements on a Paimon catalog (Paimon's own DDL in Flink), for
 * {@code check} and repair statements: names quoted with backticks, types as Paimon writes them.
 */
final class PaimonStatements {
    private PaimonStatements() {}

    static List<String> of(SchemaChangeEvent change) {
        String table = quoted(change.tableId());
        List<String> statements = new ArrayList<>();
        if (change instanceof AddColumnEvent add) {
            statements.add(
                    String.format(
                            "ALTER TABLE %s ADD (%s);",
                            table,
                            add.getAddedColumns().stream()
                                    .map(
                                            c ->
                                                    quoted(c.getAddColumn().getName())
                                                            + " "
                                                            + type(c.getAddColumn().getType()))
                                    .collect(Collectors.joining(", "))));
        } else if (change instanceof AlterColumnTypeEvent alter) {
            for (Map.Entry<String, DataType> column : alter.getTypeMapping().entrySet()) {
                statements.add(
                        String.format(
                                "ALTER TABLE %s MODIFY %s %s;",
                                table, quoted(column.getKey()), type(column.getValue())));
            }
        } else if (change instanceof RenameColumnEvent rename) {
            rename.getNameMapping()
                    .forEach(
                            (from, to) ->
                                    statements.add(
                                            String.format(
                                                    "ALTER TABLE %s RENAME %s TO %s;",
                                                    table, quoted(from), quoted(to))));
        } else if (change instanceof DropColumnEvent drop) {
            statements.add(
                    String.format(
                            "ALTER TABLE %s DROP (%s);",
                            table,
                            drop.getDroppedColumnNames().stream()
                                    .map(PaimonStatements::quoted)
                                    .collect(Collectors.joining(", "))));
        } else if (change instanceof TruncateTableEvent) {
            statements.add(String.format("TRUNCATE TABLE %s;", table));
        } else if (change instanceof DropTableEvent) {
            statements.add(String.format("DROP TABLE %s;", table));
        } else {
            statements.add("-- " + change);
        }
        return statements;
    }

    /** Paimon lays a table's files out by its primary key: only a new table has another. */
    static List<String> primaryKey(TableId table, List<String> key) {
        return List.of(
                String.format(
                        "-- Paimon cannot change the primary key of %s: create a new table with"
                                + " PRIMARY KEY (%s) NOT ENFORCED and copy the rows into it.",
                        quoted(table),
                        key.stream()
                                .map(PaimonStatements::quoted)
                                .collect(Collectors.joining(", "))));
    }

    private static String type(DataType type) {
        return PaimonTypes.toPaimon(type).asSQLString();
    }

    private static String quoted(TableId table) {
        return quoted(table.getSchemaName()) + "." + quoted(table.getTableName());
    }

    private static String quoted(String name) {
        return '`' + name.replace("`", "``") + '`';
    }
}
