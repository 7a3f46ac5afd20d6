package dev.schemaop.connectors.mariadb.schema;

import java.util.List;

/** A captured table as Debezium describes it: its columns in order and its primary key. */
public record SourceTable(List<SourceColumn> columns, List<String> primaryKey) {

    public SourceTable {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
    }
}
