package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one handled upstream change did, enough to replay it onto a {@link RegistryState}: this is
 * what the applied-change log stores and what a checkpoint already includes.
 *
 * @param upstreamAfter the upstream table's schema after the change; {@code null} once the table
 *     was dropped upstream
 * @param position the change's position among the table's changes (SchemaChangeRequest#position)
 * @param reportedFingerprint the fingerprint of the schema the reporting subtask had after the
 *     change (Mark#fingerprint): what a later report of the position must lead to
 * @param ordinal the truncate/drop ordinal handled, 0 for other changes
 */
record CompletedChange(
        long sequence,
        TableId upstreamTable,
        int position,
        long reportedFingerprint,
        @Nullable Schema upstreamAfter,
        int ordinal,
        List<SinkUpdate> sinkUpdates) {

    void applyTo(RegistryState state) {
        if (upstreamAfter == null) {
            state.upstream.remove(upstreamTable);
        } else {
            state.upstream.put(upstreamTable, upstreamAfter);
        }
        if (ordinal > 0) {
            state.destructiveHandled.merge(upstreamTable, ordinal, Math::max);
        }
        Map<TableId, Integer> versions = new HashMap<>();
        for (SinkUpdate update : sinkUpdates) {
            SinkTableState sink = state.sink(update.sink());
            sink.sources.add(upstreamTable);
            if (!update.events().isEmpty()) {
                sink.advance(update.events(), update.schemaAfter());
            }
            versions.put(update.sink(), sink.version);
        }
        state.mark(upstreamTable, position, new Mark(reportedFingerprint, Map.copyOf(versions)));
        state.lastSequence = sequence;
    }
}
