package dev.schemaop.operator;

import dev.schemaop.behavior.SchemaChanges;
import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.Map;

/** The one upstream schema change a subtask is waiting for the registry to answer. */
final class PendingChange {
    final long requestId;
    final SchemaChangeEvent change;
    final boolean unflushedRows;
    final int ordinal;
    final int position;
    final Map<TableId, Integer> knownSinkVersions;

    PendingChange(
            long requestId,
            SchemaChangeEvent change,
            boolean unflushedRows,
            int ordinal,
            int position,
            Map<TableId, Integer> knownSinkVersions) {
        this.requestId = requestId;
        this.change = change;
        this.unflushedRows = unflushedRows;
        this.ordinal = ordinal;
        this.position = position;
        this.knownSinkVersions = knownSinkVersions;
    }

    SchemaChangeRequest toRequest(int subtask, @Nullable Schema upstreamBefore) {
        return new SchemaChangeRequest(
                subtask,
                requestId,
                change,
                unflushedRows,
                ordinal,
                position,
                SchemaChanges.apply(upstreamBefore, change),
                knownSinkVersions);
    }

    /** After a restore the rows before the change were flushed with the checkpoint. */
    PendingChange withoutFlush(long newRequestId) {
        return new PendingChange(
                newRequestId, change, false, ordinal, position, knownSinkVersions);
    }
}
