package dev.schemaop.e2e.sinkv2;

import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/** Stages rows and hands them over, one batch per checkpoint, for a committer to commit. */
class StagingWriter implements CommittingSinkWriter<Event, RowBatch> {
    private final Outcomes outcomes;
    private List<String> staged = new ArrayList<>();

    StagingWriter(Outcomes outcomes) {
        this.outcomes = outcomes;
    }

    @Override
    public void write(Event event, Context context) {
        outcomes.refuseFlushEvent(event);
        if (event instanceof DataChangeEvent) {
            staged.add(Outcomes.describe((DataChangeEvent) event));
        }
    }

    @Override
    public void flush(boolean endOfInput) {
        if (!endOfInput) {
            outcomes.writerFlushes.incrementAndGet();
        }
    }

    @Override
    public Collection<RowBatch> prepareCommit() {
        if (staged.isEmpty()) {
            return List.of();
        }
        RowBatch batch = new RowBatch(UUID.randomUUID().toString(), staged);
        staged = new ArrayList<>();
        return List.of(batch);
    }

    @Override
    public void close() {}
}
