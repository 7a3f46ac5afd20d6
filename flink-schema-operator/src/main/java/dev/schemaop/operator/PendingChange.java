package dev.schemaop.operator;

import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;

import java.util.Map;

/** The one upstream schema change a subtask is waiting for the registry to answer. */
final class PendingChange {
    final long requestId;
    final SchemaChangeEvent change;
    final long flushId;
    final int ordinal;
    final Map<TableId, Integer> knownSinkVersions;

    PendingChange(
            long requestId,
            SchemaChangeEvent change,
            long flushId,
            int ordinal,
            Map<TableId, Integer> knownSinkVersions) {
        this.requestId = requestId;
        this.change = change;
        this.flushId = flushId;
        this.ordinal = ordinal;
        this.knownSinkVersions = knownSinkVersions;
    }

    SchemaChangeRequest toRequest(int subtask) {
        return new SchemaChangeRequest(
                subtask, requestId, change, flushId, ordinal, knownSinkVersions);
    }

    /** After a restore the rows before the change were flushed with the checkpoint. */
    PendingChange withoutFlush() {
        return new PendingChange(
                requestId, change, SchemaChangeRequest.NO_FLUSH, ordinal, knownSinkVersions);
    }
}
