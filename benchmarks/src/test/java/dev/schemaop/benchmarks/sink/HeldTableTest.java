package dev.schemaop.benchmarks.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.benchmarks.workload.SplitEvents;
import dev.schemaop.benchmarks.workload.TableShape;
import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/** The harness's shape check must catch what a real sink would decode wrongly. */
class HeldTableTest {
    private static final Workload WORKLOAD = new Workload("W2", 1, 12, 5, 2);

    @Test
    void everyRowOfAWriterThatFollowsTheSchemaChangesPasses() {
        HeldTable table = null;
        List<String> problems = new ArrayList<>();
        SplitEvents events = new SplitEvents(WORKLOAD, 0, 1);
        for (Event event = events.next(); event != null; event = events.next()) {
            if (event instanceof CreateTableEvent) {
                table = new HeldTable(((CreateTableEvent) event).getSchema(), WORKLOAD, 0);
            } else if (event instanceof SchemaChangeEvent) {
                table.apply((SchemaChangeEvent) event);
            } else {
                String problem = table.check(((DataChangeEvent) event).after());
                if (problem != null) {
                    problems.add(problem);
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void aRowWiderThanTheHeldSchemaIsCaught() {
        HeldTable table = new HeldTable(TableShape.initialSchema(), WORKLOAD, 0);
        RecordData row = rowOf(5, 11); // row 5 comes after the first added column

        assertThat(table.check(row)).isEqualTo("row of 11 columns, writer holds 10");
    }

    @Test
    void aRowOfTheRightWidthButNewerShapeIsCaught() {
        HeldTable table = new HeldTable(TableShape.initialSchema(), WORKLOAD, 0);

        assertThat(table.check(rowOf(6, 10)))
                .isEqualTo("row 6 has 11 columns at the source, writer holds 10");
    }

    @Test
    void aRowBroughtForwardMustHaveNullInTheColumnsItLacked() {
        HeldTable table = new HeldTable(TableShape.initialSchema(), WORKLOAD, 0);
        table.apply(firstAddColumn());
        Object[] values = valuesOf(3, 11);

        assertThat(table.check(generate(values, 11)))
                .isEqualTo("row 3: a column it did not have is not null");
        values[10] = null;
        assertThat(table.check(generate(values, 11))).isNull();
    }

    @Test
    void aWrongValueIsCaught() {
        HeldTable table = new HeldTable(TableShape.initialSchema(), WORKLOAD, 0);
        Object[] values = valuesOf(2, 10);
        values[9] = 999;

        assertThat(table.check(generate(values, 10)))
                .isEqualTo("row 2: column 9 (INT) does not hold its value");
    }

    private static SchemaChangeEvent firstAddColumn() {
        SplitEvents events = new SplitEvents(WORKLOAD, 0, 1);
        for (Event event = events.next(); event != null; event = events.next()) {
            if (event instanceof SchemaChangeEvent && !(event instanceof CreateTableEvent)) {
                return (SchemaChangeEvent) event;
            }
        }
        throw new AssertionError("no schema change");
    }

    private static RecordData rowOf(long seq, int width) {
        return generate(valuesOf(seq, width), width);
    }

    private static Object[] valuesOf(long seq, int width) {
        Object[] values = new Object[width];
        for (int column = 0; column < width; column++) {
            values[column] = TableShape.value(seq, column, typeOf(column));
        }
        return values;
    }

    private static DataType typeOf(int column) {
        return column == 0
                ? TableShape.initialSchema().getColumnDataTypes().get(0)
                : column < TableShape.INITIAL_COLUMNS
                        ? TableShape.initialType(column)
                        : DataTypes.INT();
    }

    private static RecordData generate(Object[] values, int width) {
        DataType[] types = new DataType[width];
        for (int column = 0; column < width; column++) {
            types[column] = typeOf(column);
        }
        return new BinaryRecordDataGenerator(types).generate(values);
    }
}
