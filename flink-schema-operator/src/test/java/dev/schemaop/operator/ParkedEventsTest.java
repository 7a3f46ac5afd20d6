package dev.schemaop.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.RecordingMetricGroup;

import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.ChangeEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.flink.metrics.Counter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Issue 14: parked events leave in arrival order, are bounded by size, and are counted. */
class ParkedEventsTest {
    private static final TableId A = TableId.tableId("db", "a");
    private static final TableId B = TableId.tableId("db", "b");

    private static DataChangeEvent row(TableId table, int id) {
        return DataChangeEvent.insertEvent(
                table,
                new BinaryRecordDataGenerator(new DataType[] {DataTypes.INT(), DataTypes.STRING()})
                        .generate(new Object[] {id, BinaryStringData.fromString("name " + id)}));
    }

    @Test
    void whatNoLongerWaitsLeavesInArrivalOrderAndATablesEventsKeepTheirOrder() {
        ParkedEvents parked = new ParkedEvents(1 << 20, new RecordingMetricGroup(new HashMap<>()));
        DataChangeEvent a1 = row(A, 1);
        TruncateTableEvent truncateB = new TruncateTableEvent(B);
        DataChangeEvent a2 = row(A, 2);
        DataChangeEvent b3 = row(B, 3);
        List.of(a1, truncateB, a2, b3).forEach(parked::add);

        List<Event> sent = new ArrayList<>();
        // B's truncate still waits, and B's row behind it (the rule the operator applies); A's
        // rows go.
        parked.release(
                (event, waitingTables, aChangeWaits) ->
                        event == truncateB
                                || waitingTables.contains(((ChangeEvent) event).tableId()),
                sent::add);
        assertThat(sent).containsExactly(a1, a2);
        assertThat(parked.tables()).containsExactly(B);
        assertThat(parked.all()).containsExactly(truncateB, b3);
        assertThat(parked.hasSchemaChange()).isTrue();

        parked.release((event, waitingTables, aChangeWaits) -> false, sent::add);
        assertThat(sent).containsExactly(a1, a2, truncateB, b3);
        assertThat(parked.isEmpty()).isTrue();
        assertThat(parked.tables()).isEmpty();
        assertThat(parked.hasSchemaChange()).isFalse();
    }

    /** Consecutive rows of one table are judged once, as their first; all() keeps the order. */
    @Test
    void consecutiveRowsOfATableAreJudgedOnceAndLeaveTogether() {
        ParkedEvents parked = new ParkedEvents(1 << 20, new RecordingMetricGroup(new HashMap<>()));
        DataChangeEvent a1 = row(A, 1);
        DataChangeEvent a2 = row(A, 2);
        DataChangeEvent b3 = row(B, 3);
        DataChangeEvent b4 = row(B, 4);
        DataChangeEvent a5 = row(A, 5);
        List.of(a1, a2, b3, b4, a5).forEach(parked::add);
        assertThat(parked.all()).containsExactly(a1, a2, b3, b4, a5);

        List<Event> judged = new ArrayList<>();
        List<Event> sent = new ArrayList<>();
        parked.release(
                (event, waitingTables, aChangeWaits) -> {
                    judged.add(event);
                    return ((ChangeEvent) event).tableId().equals(B);
                },
                sent::add);

        assertThat(judged).containsExactly(a1, b3, a5);
        assertThat(sent).containsExactly(a1, a2, a5);
        assertThat(parked.all()).containsExactly(b3, b4);
        assertThat(parked.tables()).containsExactly(B);
    }

    @Test
    void anEventSentOnReleaseCanMakeTheEventsBehindItWait() {
        ParkedEvents parked = new ParkedEvents(1 << 20, new RecordingMetricGroup(new HashMap<>()));
        TruncateTableEvent truncateA = new TruncateTableEvent(A);
        DataChangeEvent a1 = row(A, 1);
        DataChangeEvent b2 = row(B, 2);
        List.of(truncateA, a1, b2).forEach(parked::add);
        List<Event> sent = new ArrayList<>();
        boolean[] aChanging = {false};

        parked.release(
                (event, waitingTables, aChangeWaits) ->
                        aChanging[0] && ((ChangeEvent) event).tableId().equals(A),
                event -> {
                    sent.add(event);
                    aChanging[0] |= event == truncateA; // the truncate is now pending
                });

        assertThat(sent).containsExactly(truncateA, b2);
        assertThat(parked.all()).containsExactly(a1);
    }

    @Test
    void fullAtTheBoundAndNotAnyMoreOnceEventsLeft() {
        DataChangeEvent first = row(A, 1);
        ParkedEvents parked =
                new ParkedEvents(
                        ParkedEvents.sizeOf(first) + 1, new RecordingMetricGroup(new HashMap<>()));
        parked.add(first);
        assertThat(parked.full()).isFalse();
        parked.add(row(A, 2));
        assertThat(parked.full()).isTrue();
        parked.release((event, waitingTables, aChangeWaits) -> false, event -> {});
        assertThat(parked.full()).isFalse();
    }

    @Test
    void rowsParkedAndTheTimeTheyWaitedAreCountedPerTable() throws Exception {
        Map<String, Counter> counters = new HashMap<>();
        ParkedEvents parked = new ParkedEvents(1 << 20, new RecordingMetricGroup(counters));
        parked.add(row(A, 1));
        parked.add(new TruncateTableEvent(B));
        parked.add(row(A, 2));
        Thread.sleep(20);
        parked.release((event, waitingTables, aChangeWaits) -> false, event -> {});

        assertThat(counters.get("table=db.a/rowsParked").getCount()).isEqualTo(2);
        assertThat(counters.get("table=db.b/rowsParked").getCount())
                .as("a schema change is not a row")
                .isZero();
        assertThat(counters.get("table=db.a/parkedMillis").getCount()).isGreaterThanOrEqualTo(20);
    }
}
