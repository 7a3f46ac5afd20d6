package dev.schemaop.benchmarks.workload;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The events of one split of a workload, produced one at a time. Every split reports every table's
 * creation and every schema change, as the splits of a sharded snapshot do; rows are dealt out by
 * sequence number ({@code seq % splits == split}).
 */
public final class SplitEvents {
    private final Workload workload;
    private final int split;
    private final int splits;
    private final ArrayDeque<Event> ddl = new ArrayDeque<>();

    private int table = -1;
    private TableId tableId;
    private long seq;
    private int appliedPoints;
    private DataType[] types;
    private BinaryRecordDataGenerator rows;

    public SplitEvents(Workload workload, int split, int splits) {
        this.workload = workload;
        this.split = split;
        this.splits = splits;
        nextTable();
    }

    /** The next event, or null when the split is exhausted. */
    public Event next() {
        while (true) {
            if (!ddl.isEmpty()) {
                return ddl.poll();
            }
            if (tableId == null) {
                return null;
            }
            if (seq >= workload.rowsPerTable()) {
                nextTable();
                continue;
            }
            long current = seq;
            if (workload.changePointsBefore(current) > appliedPoints) {
                changeSchema(++appliedPoints);
                continue;
            }
            seq++;
            if (current % splits == split) {
                return DataChangeEvent.insertEvent(tableId, row(current));
            }
        }
    }

    /** The change point of the DDL event just returned by {@link #next()} (0: the creation). */
    public int currentChangePoint() {
        return appliedPoints;
    }

    public int currentTable() {
        return table;
    }

    private void nextTable() {
        table++;
        seq = 0;
        appliedPoints = 0;
        if (table >= workload.tables()) {
            tableId = null;
            return;
        }
        tableId = workload.table(table);
        Schema schema = TableShape.initialSchema();
        setTypes(schema.getColumnDataTypes().toArray(new DataType[0]));
        ddl.add(new CreateTableEvent(tableId, schema));
    }

    private void changeSchema(int point) {
        DataType[] widened = Arrays.copyOf(types, types.length + 1);
        widened[types.length] = DataTypes.INT();
        ddl.add(
                new AddColumnEvent(
                        tableId,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn(
                                                TableShape.addedColumn(point), DataTypes.INT())))));
        if (workload.widensAt(point)) {
            int previous = TableShape.addedColumnIndex(point - 1);
            widened[previous] = DataTypes.BIGINT();
            ddl.add(
                    new AlterColumnTypeEvent(
                            tableId,
                            Map.of(TableShape.addedColumn(point - 1), DataTypes.BIGINT()),
                            Map.of(TableShape.addedColumn(point - 1), DataTypes.INT())));
        }
        setTypes(widened);
    }

    private void setTypes(DataType[] types) {
        this.types = types;
        this.rows = new BinaryRecordDataGenerator(types);
    }

    private RecordData row(long seq) {
        Object[] values = new Object[types.length];
        for (int column = 0; column < types.length; column++) {
            values[column] = TableShape.value(seq, column, types[column]);
        }
        return rows.generate(values);
    }
}
