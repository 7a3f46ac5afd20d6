package dev.schemaop.benchmarks.workload;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class InterleavedSplitEventsTest {
    /** 3 tables of 5 rows, table 0 alone with a change point every 2 of its rows. */
    private static final Workload WORKLOAD = Workload.w8(3, 5, 2, 0);

    @Test
    void everyTableIsCreatedFirstThenRowsComeInTurnAndOnlyTableZeroChanges() {
        List<String> split0 = describe(GeneratedEvents.of(WORKLOAD, 0, 2));
        List<String> split1 = describe(GeneratedEvents.of(WORKLOAD, 1, 2));

        assertThat(split0)
                .containsExactly(
                        "create bench.t0 (0/0)",
                        "create bench.t1 (1/0)",
                        "create bench.t2 (2/0)",
                        "row t0 0/10",
                        "row t2 0/10",
                        "row t1 1/10",
                        "add a1 to bench.t0 (0/1)",
                        "row t0 2/11",
                        "row t2 2/10",
                        "row t1 3/10",
                        "add a2 to bench.t0 (0/2)",
                        "row t0 4/12",
                        "row t2 4/10");
        assertThat(split1)
                .containsExactly(
                        "create bench.t0 (0/0)",
                        "create bench.t1 (1/0)",
                        "create bench.t2 (2/0)",
                        "row t1 0/10",
                        "row t0 1/10",
                        "row t2 1/10",
                        "add a1 to bench.t0 (0/1)",
                        "row t1 2/10",
                        "row t0 3/11",
                        "row t2 3/10",
                        "add a2 to bench.t0 (0/2)",
                        "row t1 4/10");
    }

    @Test
    void theWorkloadCountsChangePointsOfTableZeroOnly() {
        assertThat(WORKLOAD.changePointsBefore(0, 4)).isEqualTo(2);
        assertThat(WORKLOAD.changePointsBefore(1, 4)).isZero();
        assertThat(WORKLOAD.totalRows()).isEqualTo(15);
    }

    /** Each event, with the table and change point the generator reports for a DDL event. */
    private static List<String> describe(GeneratedEvents events) {
        List<String> out = new ArrayList<>();
        for (Event event = events.next(); event != null; event = events.next()) {
            if (event instanceof CreateTableEvent create) {
                out.add(
                        "create "
                                + create.tableId()
                                + " ("
                                + events.currentTable()
                                + "/"
                                + events.currentChangePoint()
                                + ")");
            } else if (event instanceof AddColumnEvent add) {
                out.add(
                        "add "
                                + add.getAddedColumns().get(0).getAddColumn().getName()
                                + " to "
                                + add.tableId()
                                + " ("
                                + events.currentTable()
                                + "/"
                                + events.currentChangePoint()
                                + ")");
            } else {
                DataChangeEvent row = (DataChangeEvent) event;
                out.add(
                        "row "
                                + row.tableId().getTableName()
                                + " "
                                + row.after().getLong(0)
                                + "/"
                                + row.after().getArity());
            }
        }
        return out;
    }
}
