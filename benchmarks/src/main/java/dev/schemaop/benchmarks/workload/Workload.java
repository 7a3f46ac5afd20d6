package dev.schemaop.benchmarks.workload;

import org.apache.flink.cdc.common.event.TableId;

import java.io.Serializable;

/**
 * One generated workload: {@code tables} tables of {@link TableShape#INITIAL_COLUMNS} columns, each
 * receiving {@code rowsPerTable} rows, with a schema change point every {@code changeEvery} rows of
 * a table (0: none). At a change point a column is added at the end; at every {@code widenEvery}-th
 * point (0: never) the same statement also widens the column added at the previous point from INT
 * to BIGINT, so one DDL statement yields two events.
 *
 * <p>The shape of any row follows from its sequence number, which lets a sink check every row it
 * receives without being told what was sent.
 *
 * @param schema the schema part of the table ids: {@value #DEFAULT_SCHEMA}, or a job's own schema
 *     (W5 writes into a fresh database schema per job)
 * @param changingTables how many tables (the first ones) get change points; 0: all
 * @param interleaved rows go to the tables in turn (row {@code i} of the split's sequence to table
 *     {@code i % tables}) instead of one table after the other; every table is created first
 * @param applyDelayMs how long the counting sink's applier takes per change (W8)
 */
public record Workload(
        String name,
        int tables,
        long rowsPerTable,
        int changeEvery,
        int widenEvery,
        String schema,
        int changingTables,
        boolean interleaved,
        int applyDelayMs)
        implements Serializable {
    public static final String DEFAULT_SCHEMA = "bench";

    public Workload(String name, int tables, long rowsPerTable, int changeEvery, int widenEvery) {
        this(name, tables, rowsPerTable, changeEvery, widenEvery, DEFAULT_SCHEMA);
    }

    public Workload(
            String name,
            int tables,
            long rowsPerTable,
            int changeEvery,
            int widenEvery,
            String schema) {
        this(name, tables, rowsPerTable, changeEvery, widenEvery, schema, 0, false, 0);
    }

    /**
     * W8: {@code tables} tables whose rows come in turn, table 0 alone with an added column every
     * {@code changeEvery} of its rows (0: none), each change taking the applier {@code
     * applyDelayMs}.
     */
    public static Workload w8(int tables, long rowsPerTable, int changeEvery, int applyDelayMs) {
        return new Workload(
                "W8", tables, rowsPerTable, changeEvery, 0, DEFAULT_SCHEMA, 1, true, applyDelayMs);
    }

    public static Workload w1(long rows) {
        return new Workload("W1", 1, rows, 0, 0);
    }

    public static Workload w2(long rows) {
        return new Workload("W2", 1, rows, 1_000, 5);
    }

    public static Workload w3(int tables) {
        return new Workload("W3", tables, 20, 0, 0);
    }

    /** One table growing to {@code columns} columns, a column added every 1,000 rows. */
    public static Workload w4(int columns) {
        return new Workload(
                "W4", 1, (columns - TableShape.INITIAL_COLUMNS) * 1_000L + 1_000, 1_000, 0);
    }

    /**
     * One table of W1's shape into a real database (the JDBC sink), with an added column every
     * {@code changeEvery} rows (0: none).
     */
    public static Workload w5(long rows, int changeEvery) {
        return new Workload("W5", 1, rows, changeEvery, 0);
    }

    /** The same workload, its tables in another schema. */
    public Workload inSchema(String schema) {
        return new Workload(
                name,
                tables,
                rowsPerTable,
                changeEvery,
                widenEvery,
                schema,
                changingTables,
                interleaved,
                applyDelayMs);
    }

    /** Whether table {@code index} gets change points. */
    public boolean changes(int index) {
        return changingTables == 0 || index < changingTables;
    }

    /** How many change points come before row {@code seq} of table {@code index}. */
    public int changePointsBefore(int index, long seq) {
        return changes(index) ? changePointsBefore(seq) : 0;
    }

    public long totalRows() {
        return tables * rowsPerTable;
    }

    /** Change points per table after its creation. */
    public int changePoints() {
        return changeEvery == 0 ? 0 : (int) ((rowsPerTable - 1) / changeEvery);
    }

    /** How many change points come before row {@code seq} of a table. */
    public int changePointsBefore(long seq) {
        return changeEvery == 0 ? 0 : (int) (seq / changeEvery);
    }

    public boolean widensAt(int changePoint) {
        return widenEvery > 0 && changePoint > 1 && changePoint % widenEvery == 0;
    }

    public TableId table(int index) {
        return TableId.tableId(schema, "t" + index);
    }

    /** The table index of a table this workload created, or -1. */
    public static int tableIndex(TableId table) {
        String name = table.getTableName();
        return name.startsWith("t") ? Integer.parseInt(name.substring(1)) : -1;
    }

    public String describe() {
        StringBuilder text = new StringBuilder();
        text.append(tables == 1 ? "1 table" : tables + " tables")
                .append(", ")
                .append(rowsPerTable)
                .append(tables == 1 ? " rows" : " rows each");
        if (changeEvery > 0) {
            text.append(", add.column every ").append(changeEvery).append(" rows");
            if (widenEvery > 0) {
                text.append(" (every ").append(widenEvery).append("th also widens INT->BIGINT)");
            }
            text.append(", ")
                    .append(TableShape.INITIAL_COLUMNS + changePoints())
                    .append(" columns at the end");
        }
        return text.toString();
    }
}
