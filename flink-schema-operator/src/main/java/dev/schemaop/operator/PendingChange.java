package dev.schemaop.operator;

import dev.schemaop.behavior.SchemaChanges;
import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.Map;

/**
 * An upstream schema change a subtask is waiting for the registry to answer. Only the change and
 * where it stands in the subtask's history are checkpointed; the flush markers belong to one run
 * and are sent again when a restored change is asked for again.
 */
final class PendingChange {
    final long requestId;
    final SchemaChangeEvent change;
    final int ordinal;
    final int position;
    final Map<TableId, Integer> knownSinkVersions;

    /** The marker sent right before asking, released after the answer; or NO_FLUSH. */
    long releaseFlushId = SchemaChangeRequest.NO_FLUSH;

    PendingChange(
            long requestId,
            SchemaChangeEvent change,
            int ordinal,
            int position,
            Map<TableId, Integer> knownSinkVersions) {
        this.requestId = requestId;
        this.change = change;
        this.ordinal = ordinal;
        this.position = position;
        this.knownSinkVersions = knownSinkVersions;
    }

    SchemaChangeRequest toRequest(
            int subtask, @Nullable Schema upstreamBefore, long flushId, long tableRowsFlushedBy) {
        return new SchemaChangeRequest(
                subtask,
                requestId,
                change,
                flushId,
                tableRowsFlushedBy,
                ordinal,
                position,
                SchemaChanges.apply(upstreamBefore, change),
                knownSinkVersions);
    }

    /** The same change, asked for again under a new request id after a restore. */
    PendingChange askedAgain(long newRequestId) {
        return new PendingChange(newRequestId, change, ordinal, position, knownSinkVersions);
    }
}
