package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.List;

/**
 * A planned change, written to the applied-change log before its first applier call: if the job
 * fails while the change is half applied, the registry finishes it when it restores (rolls it
 * forward), before anything else reaches the sink, so the sink is never left between two versions
 * (SPEC G6). The fields are those of the {@link CompletedChange} it becomes.
 */
record ChangeIntent(
        long sequence,
        TableId upstreamTable,
        int position,
        long reportedFingerprint,
        @Nullable Schema upstreamAfter,
        int ordinal,
        List<SinkPlan> sinks) {

    CompletedChange completed(List<SinkUpdate> sinkUpdates) {
        return new CompletedChange(
                sequence,
                upstreamTable,
                position,
                reportedFingerprint,
                upstreamAfter,
                ordinal,
                sinkUpdates);
    }

    boolean needsApplier() {
        return sinks.stream().anyMatch(sink -> !sink.events().isEmpty());
    }
}
