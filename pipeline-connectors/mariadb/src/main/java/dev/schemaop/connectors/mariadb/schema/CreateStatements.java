package dev.schemaop.connectors.mariadb.schema;

import io.debezium.relational.Column;
import io.debezium.relational.Table;
import io.debezium.relational.Tables;

import java.util.ArrayList;
import java.util.List;

/**
 * A table as its {@code SHOW CREATE TABLE} statement describes it, read by Debezium's own MariaDB
 * DDL parser: the snapshot describes a table exactly as Debezium's schema change records later
 * describe its changes, so the two never disagree on a column's type.
 */
public final class CreateStatements {
    private CreateStatements() {}

    /**
     * @throws IllegalArgumentException when the statement does not describe {@code db.table}
     */
    public static SourceTable describe(String database, String table, String createStatement) {
        QuotedNamesDdlParser parser = new QuotedNamesDdlParser();
        parser.setCurrentDatabase(database);
        Tables tables = new Tables();
        parser.parse(createStatement, tables);
        Table described = tables.forTable(database, null, table);
        if (described == null) {
            throw new IllegalArgumentException(
                    "SHOW CREATE TABLE of " + database + "." + table + " described no such table");
        }
        return of(described);
    }

    /** Debezium's description of a table, as its schema change records carry it. */
    static SourceTable of(Table table) {
        List<SourceColumn> columns = new ArrayList<>();
        for (Column column : table.columns()) {
            columns.add(
                    new SourceColumn(
                            column.name(),
                            column.typeName(),
                            column.length(),
                            column.scale().orElse(-1),
                            column.isOptional(),
                            column.enumValues() == null ? List.of() : column.enumValues()));
        }
        return new SourceTable(columns, table.primaryKeyColumnNames());
    }
}
