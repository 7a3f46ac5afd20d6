package dev.schemaop.benchmarks.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.benchmarks.workload.SplitEvents;
import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.sink.DefaultDataChangeEventHashFunctionProvider;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.stream.LongStream;

class KeySplitTest {
    private static final Workload WORKLOAD = Workload.w5(1_000, 0);
    private static final TableId TABLE = TableId.tableId("bench_w5_p2_pipeline", "t0");

    @Test
    void everyRowGoesToExactlyTheChannelThePipelineSendsItTo() {
        long[][] split =
                KeySplit.of(WORKLOAD, TABLE, 2, new DefaultDataChangeEventHashFunctionProvider());

        long[] all =
                LongStream.concat(Arrays.stream(split[0]), Arrays.stream(split[1]))
                        .sorted()
                        .toArray();
        assertThat(all).isEqualTo(LongStream.range(0, 1_000).toArray());
        assertThat(split[0].length).isBetween(400, 600);

        SplitEvents events = new SplitEvents(WORKLOAD.inSchema(TABLE.getSchemaName()), 0, 1);
        HashFunction<DataChangeEvent> hash = null;
        for (Event event = events.next(); event != null; event = events.next()) {
            if (event instanceof CreateTableEvent) {
                hash =
                        new DefaultDataChangeEventHashFunctionProvider()
                                .getHashFunction(TABLE, ((CreateTableEvent) event).getSchema());
            } else {
                DataChangeEvent row = (DataChangeEvent) event;
                int channel = Math.floorMod(hash.hashcode(row), 2);
                assertThat(split[channel]).contains(row.after().getLong(0));
            }
        }
    }

    @Test
    void oneChannelTakesEveryRowInOrder() {
        long[][] split =
                KeySplit.of(WORKLOAD, TABLE, 1, new DefaultDataChangeEventHashFunctionProvider());

        assertThat(split[0]).isEqualTo(LongStream.range(0, 1_000).toArray());
    }
}
