package dev.schemaop.registry;

import dev.schemaop.behavior.SchemaChangeRejectedException;
import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.TableId;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * The request at the head of the queue, planned: either the plan or, under EXCEPTION, the
 * rejection; and the asking subtask's flush marker it waits for ({@link #NO_FLUSH} when it needs
 * none).
 */
final class PreparedChange {
    static final long NO_FLUSH = SchemaChangeRequest.NO_FLUSH;

    final SchemaChangeRequest request;
    @Nullable final ChangePlan plan;
    @Nullable final SchemaChangeRejectedException rejection;
    long flushId = NO_FLUSH;

    PreparedChange(
            SchemaChangeRequest request,
            @Nullable ChangePlan plan,
            @Nullable SchemaChangeRejectedException rejection) {
        this.request = request;
        this.plan = plan;
        this.rejection = rejection;
    }

    /** Sink tables the plan changes: their rows are held at the sink while it is applied. */
    List<TableId> changedSinks() {
        List<TableId> tables = new ArrayList<>();
        if (plan != null) {
            for (SinkPlan sink : plan.sinks()) {
                if (!sink.events().isEmpty()) {
                    tables.add(sink.sink());
                }
            }
        }
        return tables;
    }

    /**
     * Which of the asking subtask's markers must be acknowledged by every sink subtask first.
     *
     * <ul>
     *   <li>A rejection: the newest, so every row before the change reaches the sink (G7).
     *   <li>A change that changes no sink table, or only tables that never existed (no row of them
     *       can be anywhere): none.
     *   <li>At parallelism > 1: the one sent with the request, which also holds the changed tables
     *       against other subtasks' rows at every sink subtask.
     *   <li>Otherwise the one that covers the rows sent to the changed tables (G2): none if no row
     *       was sent to them, and usually one acknowledged long ago.
     * </ul>
     */
    long flushToAwait(int sourceSubtasks, boolean newSinkTables) {
        if (rejection != null) {
            return request.flushId();
        }
        if (changedSinks().isEmpty() || newSinkTables) {
            return NO_FLUSH;
        }
        return sourceSubtasks > 1 ? request.flushId() : request.tableRowsFlushedBy();
    }
}
