package dev.schemaop.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.ChannelEvent;

import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;

import java.util.List;

/** The holds a flush marker puts on sink tables, and the rows they keep back (SPEC G1). */
class HeldRowsTest {
    private static final TableId ORDERS = TableId.tableId("db", "orders");
    private static final TableId ITEMS = TableId.tableId("db", "items");

    private final HeldRows held = new HeldRows();

    private static ChannelEvent.Row row(TableId table, int id) {
        DataType[] types = {DataTypes.INT().notNull(), DataTypes.VARCHAR(10)};
        return new ChannelEvent.Row(
                0,
                1,
                DataChangeEvent.insertEvent(
                        table,
                        new BinaryRecordDataGenerator(types)
                                .generate(new Object[] {id, BinaryStringData.fromString("x")})));
    }

    @Test
    void onlyTheTablesOfAFlushAreHeld() {
        held.hold(ORDERS, 7);

        assertThat(held.isHeld(ORDERS)).isTrue();
        assertThat(held.isHeld(ITEMS)).isFalse();
    }

    @Test
    void theReleaseOfTheFlushGivesBackItsTablesRowsInArrivalOrder() {
        held.hold(ORDERS, 7);
        ChannelEvent.Row first = row(ORDERS, 1);
        ChannelEvent.Row second = row(ORDERS, 2);
        held.add(first);
        held.add(second);

        List<ChannelEvent.Row> released = held.release(7);

        assertThat(released).containsExactly(first, second);
        assertThat(held.isHeld(ORDERS)).isFalse();
        assertThat(held.isEmpty()).isTrue();
    }

    @Test
    void aTableHeldByTwoFlushesWaitsForBothReleases() {
        held.hold(ORDERS, 7);
        held.hold(ORDERS, 8);
        ChannelEvent.Row waiting = row(ORDERS, 1);
        held.add(waiting);

        assertThat(held.release(7)).isEmpty();
        assertThat(held.isHeld(ORDERS)).isTrue();
        assertThat(held.release(8)).containsExactly(waiting);
    }

    @Test
    void aReleaseOfAnotherFlushLeavesTheHoldAndItsRows() {
        held.hold(ORDERS, 7);
        held.add(row(ORDERS, 1));

        assertThat(held.release(9)).isEmpty();
        assertThat(held.isHeld(ORDERS)).isTrue();
        assertThat(held.all()).hasSize(1);
    }

    @Test
    void everyHeldRowIsThereForACheckpointWhateverItsTable() {
        held.hold(ORDERS, 7);
        held.hold(ITEMS, 8);
        ChannelEvent.Row order = row(ORDERS, 1);
        ChannelEvent.Row item = row(ITEMS, 2);
        held.add(order);
        held.add(item);

        assertThat(held.all()).containsExactlyInAnyOrder(order, item);
        assertThat(held.release(8)).containsExactly(item);
        assertThat(held.all()).containsExactly(order);
    }
}
