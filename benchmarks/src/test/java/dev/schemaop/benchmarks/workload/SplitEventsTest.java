package dev.schemaop.benchmarks.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

class SplitEventsTest {
    /** 12 rows, a change point every 5 rows, every 2nd point also widens the column before. */
    private static final Workload WORKLOAD = new Workload("W2", 1, 12, 5, 2);

    @Test
    void everySplitReportsEveryChangeAndItsShareOfTheRows() {
        List<String> split0 = describe(new SplitEvents(WORKLOAD, 0, 2));
        List<String> split1 = describe(new SplitEvents(WORKLOAD, 1, 2));

        assertThat(split0)
                .containsExactly(
                        "create bench.t0",
                        "row 0/10",
                        "row 2/10",
                        "row 4/10",
                        "add a1",
                        "row 6/11",
                        "row 8/11",
                        "add a2",
                        "widen a1",
                        "row 10/12");
        assertThat(split1)
                .containsExactly(
                        "create bench.t0",
                        "row 1/10",
                        "row 3/10",
                        "add a1",
                        "row 5/11",
                        "row 7/11",
                        "row 9/11",
                        "add a2",
                        "widen a1",
                        "row 11/12");
    }

    @Test
    void rowsCarryTheValuesOfTheirShape() {
        List<DataChangeEvent> rows = new ArrayList<>();
        SplitEvents events = new SplitEvents(WORKLOAD, 0, 1);
        for (Event event = events.next(); event != null; event = events.next()) {
            if (event instanceof DataChangeEvent) {
                rows.add((DataChangeEvent) event);
            }
        }
        DataChangeEvent last = rows.get(rows.size() - 1);

        assertThat(rows).hasSize(12);
        assertThat(last.after().getLong(0)).isEqualTo(11L);
        assertThat(last.after().getInt(1)).isEqualTo(12);
        assertThat(last.after().getLong(10)).as("a1, widened to BIGINT").isEqualTo(21L);
        assertThat(last.after().getInt(11)).as("a2").isEqualTo(22);
    }

    @Test
    void theWidenedColumnIsTheOneAddedAtThePointBefore() {
        SplitEvents events = new SplitEvents(WORKLOAD, 0, 1);
        Event event;
        do {
            event = events.next();
        } while (!(event instanceof AlterColumnTypeEvent));

        assertThat(((AlterColumnTypeEvent) event).getTypeMapping())
                .isEqualTo(Map.of("a1", DataTypes.BIGINT()));
        assertThat(events.currentChangePoint()).isEqualTo(2);
    }

    private static List<String> describe(SplitEvents events) {
        List<String> described = new ArrayList<>();
        for (Event event = events.next(); event != null; event = events.next()) {
            if (event instanceof CreateTableEvent) {
                described.add("create " + ((CreateTableEvent) event).tableId());
            } else if (event instanceof AddColumnEvent) {
                described.add(
                        "add "
                                + ((AddColumnEvent) event)
                                        .getAddedColumns()
                                        .get(0)
                                        .getAddColumn()
                                        .getName());
            } else if (event instanceof AlterColumnTypeEvent) {
                described.add(
                        "widen "
                                + String.join(
                                        ",",
                                        ((AlterColumnTypeEvent) event).getTypeMapping().keySet()));
            } else {
                DataChangeEvent row = (DataChangeEvent) event;
                described.add("row " + row.after().getLong(0) + "/" + row.after().getArity());
            }
        }
        return described;
    }
}
