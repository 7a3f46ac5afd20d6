package dev.schemaop.e2e.sinkv2;

import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;

import java.util.List;

/**
 * Counts the row events it receives, in its writer state: after a failover it goes on from the
 * count of the restored checkpoint, so the final count is exact only if the state came back.
 */
final class CountingWriter implements StatefulSinkWriter<Event, Integer> {
    private final Outcomes outcomes;
    private final int subtask;
    private final int failOnRow;
    private int count;

    CountingWriter(Outcomes outcomes, int subtask, int restoredCount, int failOnRow) {
        this.outcomes = outcomes;
        this.subtask = subtask;
        this.count = restoredCount;
        this.failOnRow = failOnRow;
    }

    @Override
    public void write(Event event, Context context) {
        outcomes.refuseFlushEvent(event);
        if (event instanceof DataChangeEvent) {
            DataChangeEvent row = (DataChangeEvent) event;
            if (row.after() != null && row.after().getInt(0) == failOnRow && outcomes.failOnce()) {
                throw new IllegalStateException("injected writer failure at row " + failOnRow);
            }
            count++;
        }
    }

    @Override
    public List<Integer> snapshotState(long checkpointId) {
        return List.of(count);
    }

    @Override
    public void flush(boolean endOfInput) {
        if (endOfInput) {
            outcomes.finalCounts.put(subtask, count);
        } else {
            outcomes.writerFlushes.incrementAndGet();
        }
    }

    @Override
    public void close() {}
}
