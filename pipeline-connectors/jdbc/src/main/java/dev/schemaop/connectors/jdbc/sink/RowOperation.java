package dev.schemaop.connectors.jdbc.sink;

/** The statement a buffered row change becomes. */
enum RowOperation {
    /** Insert or update by primary key; parameters: every column. */
    UPSERT,
    /** Delete by primary key; parameters: the key columns. */
    DELETE_BY_KEY,
    /** Plain insert into a table without a primary key; parameters: every column. */
    INSERT,
    /** Delete one row equal in every column (table without a primary key). */
    DELETE_ONE_ROW
}
