package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;

import java.util.List;

/**
 * A planned change, written to the applied-change log before its first applier call: if the job
 * fails while the change is half applied, the registry finishes it when it restores (rolls it
 * forward), before anything else reaches the sink, so the sink is never left between two versions
 * (SPEC G6). The fields are those of the {@link CompletedChange} it becomes.
 */
record ChangeIntent(UpstreamChange upstream, List<SinkPlan> sinks) {

    long sequence() {
        return upstream.sequence();
    }

    TableId upstreamTable() {
        return upstream.table();
    }

    CompletedChange completed(List<SinkUpdate> sinkUpdates) {
        return new CompletedChange(upstream, sinkUpdates);
    }

    boolean needsApplier() {
        return sinks.stream().anyMatch(sink -> !sink.events().isEmpty());
    }
}
