package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one handled upstream change did, enough to replay it onto a {@link RegistryState}: this is
 * what the applied-change log stores and what a checkpoint already includes.
 *
 * @param sinkUpdates what it did to each sink table it is routed to
 */
record CompletedChange(UpstreamChange upstream, List<SinkUpdate> sinkUpdates) {

    long sequence() {
        return upstream.sequence();
    }

    TableId upstreamTable() {
        return upstream.table();
    }

    void applyTo(RegistryState state) {
        if (upstream.schemaAfter() == null) {
            state.upstream.remove(upstream.table());
        } else {
            state.upstream.put(upstream.table(), upstream.schemaAfter());
        }
        if (upstream.ordinal() > 0) {
            state.destructiveHandled.merge(upstream.table(), upstream.ordinal(), Math::max);
        }
        Map<TableId, Integer> versions = new HashMap<>();
        for (SinkUpdate update : sinkUpdates) {
            SinkTableState sink = state.sink(update.sink());
            sink.sources.add(upstream.table());
            if (!update.events().isEmpty()) {
                sink.advance(update.events(), update.schemaAfter());
            }
            versions.put(update.sink(), sink.version);
        }
        state.mark(
                upstream.table(),
                upstream.position(),
                new Mark(upstream.reportedFingerprint(), Map.copyOf(versions)));
        state.lastSequence = upstream.sequence();
    }
}
