package dev.schemaop.api;

/**
 * What a sink's writers leave in a column of an existing table that the pipeline does not write
 * (see {@link ExistingTableSchemaExpansionSupport#unwrittenColumns()}).
 */
public enum UnwrittenColumns {
    /**
     * The writes do not name the column: a row the pipeline inserts gets the column's default (null
     * when it has none), a row it updates keeps its value. A NOT NULL column without a default
     * refuses every insert. Databases written with INSERT / upsert statements.
     */
    DEFAULT_OR_KEPT,
    /**
     * Rows are written whole: every row the pipeline writes has the column null, also a row it
     * updates (a lake table's primary key row replaced by its newest version). A NOT NULL column
     * refuses every write.
     */
    WRITTEN_AS_NULL
}
