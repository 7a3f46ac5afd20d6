package dev.schemaop.connectors.paimon.catalog;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.paimon.catalog.Identifier;

/** A pipeline table id as a Paimon table identifier: {@code database.table}. */
public final class TableNames {
    private TableNames() {}

    public static Identifier identifier(TableId table) {
        if (table.getNamespace() != null && table.getSchemaName() != null) {
            throw new IllegalArgumentException(
                    "Paimon tables are named database.table; "
                            + table
                            + " has three parts: route it to a database.table name");
        }
        String database =
                table.getSchemaName() != null ? table.getSchemaName() : table.getNamespace();
        if (database == null) {
            throw new IllegalArgumentException(
                    "Paimon tables are named database.table; "
                            + table
                            + " has no database: route it to a database.table name");
        }
        return Identifier.create(database, table.getTableName());
    }
}
