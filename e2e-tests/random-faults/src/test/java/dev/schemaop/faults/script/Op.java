package dev.schemaop.faults.script;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.types.DataType;

import java.util.List;

/**
 * One step of a random script, as a database would run it: a DDL statement or a row change. Rows
 * list their values in the table's column order at that point of the script; a value is an Integer
 * (INT), a Long (BIGINT), a String (VARCHAR) or null.
 */
public sealed interface Op {

    TableId table();

    /** A column as a statement names it. */
    record Col(String name, DataType type) {}

    /** Where ADD COLUMN puts the new column. */
    enum Place {
        FIRST,
        LAST,
        AFTER,
        BEFORE
    }

    record CreateTable(TableId table, List<Col> columns) implements Op {}

    record AddColumn(TableId table, Col column, Place place, String reference) implements Op {}

    record AlterType(TableId table, String column, DataType newType, DataType oldType)
            implements Op {}

    record RenameColumn(TableId table, String from, String to) implements Op {}

    record DropColumn(TableId table, String column) implements Op {}

    record Truncate(TableId table) implements Op {}

    record DropTable(TableId table) implements Op {}

    record Insert(TableId table, List<Object> values) implements Op {}

    record Update(TableId table, List<Object> before, List<Object> after) implements Op {}

    record Delete(TableId table, List<Object> values) implements Op {}

    /** A checkpoint fence of the values source: every split waits for a completed checkpoint. */
    record Fence() implements Op {
        @Override
        public TableId table() {
            return null;
        }
    }

    default boolean isRow() {
        return this instanceof Insert || this instanceof Update || this instanceof Delete;
    }
}
