package dev.schemaop.benchmarks.sink;

import dev.schemaop.benchmarks.workload.TableShape;
import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.cdc.common.utils.SchemaUtils;

/** A table as a sink writer holds it, and the check of one row against it. */
final class HeldTable {
    private final Workload workload;
    private final int index;
    private Schema schema;
    private int width;
    private DataType lastType;

    /** The next change point (0: the creation) whose first following row is still to come. */
    int nextPointToTime;

    HeldTable(Schema schema, Workload workload, int index) {
        this.workload = workload;
        this.index = index;
        set(schema);
    }

    void apply(SchemaChangeEvent change) {
        set(SchemaUtils.applySchemaChangeEvent(schema, change));
    }

    /** The table's schema after a change, as a whole. */
    void replace(Schema schema) {
        set(schema);
    }

    private void set(Schema schema) {
        this.schema = schema;
        this.width = schema.getColumnCount();
        this.lastType = schema.getColumnDataTypes().get(width - 1);
    }

    /**
     * Whether the row decodes with the held schema into the values the generator wrote: its width
     * is the held width, and its last column holds the generated value, or null for a row written
     * before that column existed and brought forward.
     *
     * @return null when it does, else what is wrong
     */
    String check(RecordData row) {
        if (row.getArity() != width) {
            return "row of " + row.getArity() + " columns, writer holds " + width;
        }
        long seq = row.getLong(0);
        int generatedWidth = TableShape.INITIAL_COLUMNS + workload.changePointsBefore(index, seq);
        if (generatedWidth > width) {
            return "row "
                    + seq
                    + " has "
                    + generatedWidth
                    + " columns at the source, writer holds "
                    + width;
        }
        if (row.isNullAt(1) || row.getInt(1) != (int) (seq + 1)) {
            return "row " + seq + ": c1 does not hold its value";
        }
        int last = width - 1;
        if (generatedWidth < width) {
            return row.isNullAt(last)
                    ? null
                    : "row " + seq + ": a column it did not have is not null";
        }
        if (row.isNullAt(last) || !lastValueMatches(row, seq, last)) {
            return "row "
                    + seq
                    + ": column "
                    + last
                    + " ("
                    + lastType
                    + ") does not hold its value";
        }
        return null;
    }

    private boolean lastValueMatches(RecordData row, long seq, int last) {
        if (lastType.getTypeRoot() == DataTypeRoot.BIGINT) {
            return row.getLong(last) == (long) TableShape.value(seq, last, lastType);
        }
        if (lastType.getTypeRoot() == DataTypeRoot.INTEGER) {
            return row.getInt(last) == (int) TableShape.value(seq, last, lastType);
        }
        return true;
    }
}
