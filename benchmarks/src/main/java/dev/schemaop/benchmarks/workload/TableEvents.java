package dev.schemaop.benchmarks.workload;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** One generated table as its change points pass: its creation, its DDL and its rows. */
final class TableEvents {
    final int index;
    final TableId id;
    private final Workload workload;

    private int appliedPoints;
    private DataType[] types;
    private BinaryRecordDataGenerator rows;

    TableEvents(Workload workload, int index) {
        this.workload = workload;
        this.index = index;
        this.id = workload.table(index);
        setTypes(TableShape.initialSchema().getColumnDataTypes().toArray(new DataType[0]));
    }

    CreateTableEvent creation() {
        Schema schema = TableShape.initialSchema();
        return new CreateTableEvent(id, schema);
    }

    /** The change points this table has passed, its creation being 0. */
    int appliedPoints() {
        return appliedPoints;
    }

    /**
     * Adds to {@code ddl} the events of the next change point before row {@code seq}, if one is
     * due; whether one was.
     */
    boolean nextChangeBefore(long seq, Collection<Event> ddl) {
        if (workload.changePointsBefore(index, seq) <= appliedPoints) {
            return false;
        }
        int point = ++appliedPoints;
        DataType[] widened = Arrays.copyOf(types, types.length + 1);
        widened[types.length] = DataTypes.INT();
        ddl.add(
                new AddColumnEvent(
                        id,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn(
                                                TableShape.addedColumn(point), DataTypes.INT())))));
        if (workload.widensAt(point)) {
            int previous = TableShape.addedColumnIndex(point - 1);
            widened[previous] = DataTypes.BIGINT();
            ddl.add(
                    new AlterColumnTypeEvent(
                            id,
                            Map.of(TableShape.addedColumn(point - 1), DataTypes.BIGINT()),
                            Map.of(TableShape.addedColumn(point - 1), DataTypes.INT())));
        }
        setTypes(widened);
        return true;
    }

    private void setTypes(DataType[] types) {
        this.types = types;
        this.rows = new BinaryRecordDataGenerator(types);
    }

    RecordData row(long seq) {
        Object[] values = new Object[types.length];
        for (int column = 0; column < types.length; column++) {
            values[column] = TableShape.value(seq, column, types[column]);
        }
        return rows.generate(values);
    }
}
