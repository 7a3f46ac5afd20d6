package dev.schemaop.registry;

import dev.schemaop.behavior.SchemaChangeRejectedException;
import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.TableId;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * The request at the head of the queue, planned: either the plan or, under EXCEPTION, the
 * rejection; and the flush it waits for ({@link #NO_FLUSH} when it needs none).
 */
final class PreparedChange {
    static final long NO_FLUSH = -1L;

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
     * A change of the sink waits until every sink subtask flushed and holds the tables; a
     * rejection waits for the rows the asking subtask sent before it (G7); a change that
     * changes nothing waits for nothing.
     */
    boolean needsFlush() {
        return rejection != null ? request.unflushedRows() : !changedSinks().isEmpty();
    }
}
