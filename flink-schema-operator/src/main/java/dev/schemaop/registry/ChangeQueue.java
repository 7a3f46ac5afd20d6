package dev.schemaop.registry;

import dev.schemaop.protocol.FenceSent;
import dev.schemaop.protocol.FlushAck;
import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.utils.SchemaUtils;

import javax.annotation.Nullable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The requests waiting for the registry, in arrival order, and what the head waits for: a request
 * handled before is answered at once (G5); any other is planned, then waits until every sink
 * subtask acknowledged the flush marker it needs (G2). Bookkeeping only: no threads, no I/O.
 */
final class ChangeQueue {
    private final ArrayDeque<SchemaChangeRequest> queue = new ArrayDeque<>();
    private final FlushTracker flushes;

    /** The head, planned, waiting for its flush. */
    @Nullable private PreparedChange prepared;

    /**
     * Behind a connector's pre-write topology: the answered requests whose fence every writer must
     * acknowledge before the next change of one of their sink tables ({@code protocol.FenceSent}).
     */
    private final List<Fence> fences = new ArrayList<>();

    /** Per source subtask, the flush number last reported through ({@code FlushThrough}). */
    private final Map<Integer, Long> reportedThrough = new HashMap<>();

    private static final class Fence {
        final int subtask;
        final long requestId;
        final Collection<TableId> sinkTables;
        long fenceId = UNKNOWN;
        static final long UNKNOWN = Long.MIN_VALUE;

        Fence(int subtask, long requestId, Collection<TableId> sinkTables) {
            this.subtask = subtask;
            this.requestId = requestId;
            this.sinkTables = sinkTables;
        }
    }

    ChangeQueue(int sinkSubtasks, boolean countedAcks) {
        this.flushes = new FlushTracker(sinkSubtasks, countedAcks);
    }

    /** What to do next with the head of the queue. */
    sealed interface Next permits Next.Answer, Next.CarryOut, Next.Wait {
        /**
         * A change handled before: answer it with the sink versions of that moment (null: the
         * newest).
         */
        record Answer(SchemaChangeRequest request, @Nullable Map<TableId, Integer> versions)
                implements Next {}

        /** A change planned and flushed: apply it (or fail the job on its rejection). */
        record CarryOut(PreparedChange change) implements Next {}

        /** Nothing to do until a request or an acknowledgement arrives. */
        record Wait() implements Next {}
    }

    void add(SchemaChangeRequest request) {
        queue.add(request);
    }

    void ack(FlushAck ack) {
        flushes.ack(ack.sourceSubtask(), ack.sinkSubtask(), ack.flushId());
    }

    /**
     * Behind a topology: the number of the subtask's newest flush every writer acknowledged, when
     * it is newer than the one reported before; else 0 (nothing to report).
     */
    long newlyFlushedThrough(int sourceSubtask) {
        long through = flushes.throughNumber(sourceSubtask);
        if (through <= reportedThrough.getOrDefault(sourceSubtask, 0L)) {
            return 0;
        }
        reportedThrough.put(sourceSubtask, through);
        return through;
    }

    /**
     * The answer to {@code requestId} went out: no change of {@code sinkTables} goes on until its
     * fence is through.
     */
    void awaitFence(int subtask, long requestId, Collection<TableId> sinkTables) {
        fences.add(new Fence(subtask, requestId, List.copyOf(sinkTables)));
    }

    /** The subtask sent the fence of its answer to {@code requestId}. */
    void fenceSent(FenceSent sent) {
        for (Fence fence : fences) {
            if (fence.subtask == sent.sourceSubtask() && fence.requestId == sent.requestId()) {
                fence.fenceId = sent.fenceId();
            }
        }
    }

    private boolean isThrough(Fence fence) {
        return fence.fenceId != Fence.UNKNOWN
                && (fence.fenceId == SchemaChangeRequest.NO_FLUSH
                        || flushes.isFlushed(fence.subtask, fence.fenceId));
    }

    /**
     * Whether a fence not yet through covers one of the sink tables of {@code request}'s table: a
     * topology that reads a sink table's schema as a change's copy passes must read that change's,
     * not a later one's. Changes of other sink tables go on meanwhile.
     */
    private boolean fenced(
            SchemaChangeRequest request, Function<TableId, List<TableId>> sinkTablesOf) {
        fences.removeIf(this::isThrough);
        if (fences.isEmpty()) {
            return false;
        }
        List<TableId> tables = sinkTablesOf.apply(request.change().tableId());
        for (Fence fence : fences) {
            for (TableId table : tables) {
                if (fence.sinkTables.contains(table)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The next step for the head of the queue.
     *
     * @param plan plans a request (behavior, filters, routes) against the current state
     * @param sinkTablesOf the sink tables an upstream table's rows go to
     * @param sourceSubtasks the schema operator's parallelism
     */
    Next next(
            RegistryState state,
            Function<SchemaChangeRequest, PreparedChange> plan,
            Function<TableId, List<TableId>> sinkTablesOf,
            int sourceSubtasks) {
        // A prepared head passed the fences when it was planned, and no fence comes while it
        // waits: fences come with answers, and nothing is answered before the head.
        if (prepared != null) {
            if (!flushes.isFlushed(prepared.request.subtask(), prepared.flushId)) {
                return new Next.Wait();
            }
            queue.poll();
            PreparedChange ready = prepared;
            prepared = null;
            return new Next.CarryOut(ready);
        }
        SchemaChangeRequest head = queue.peek();
        if (head == null || fenced(head, sinkTablesOf)) {
            return new Next.Wait();
        }
        if (isHandled(head, state)) {
            queue.poll();
            return new Next.Answer(
                    head,
                    state.versionsAfter(
                            head.change().tableId(), head.position(), head.upstreamAfter()));
        }
        PreparedChange next = plan.apply(head);
        next.flushId =
                next.flushToAwait(sourceSubtasks, state.areNewSinkTables(next.changedSinks()));
        if (next.flushId != PreparedChange.NO_FLUSH
                && !flushes.isFlushed(head.subtask(), next.flushId)) {
            prepared = next;
            return new Next.Wait();
        }
        queue.poll();
        return new Next.CarryOut(next);
    }

    /**
     * Whether the registry handled this change before: another split reported its position first,
     * an online schema tool repeated it, or a restore replays it.
     */
    static boolean isHandled(SchemaChangeRequest request, RegistryState state) {
        SchemaChangeEvent change = request.change();
        if (state.versionsAfter(change.tableId(), request.position(), request.upstreamAfter())
                != null) {
            return true;
        }
        Schema current = state.upstreamOf(change.tableId());
        switch (change.getType()) {
            case TRUNCATE_TABLE:
            case DROP_TABLE:
                return request.ordinal() <= state.destructiveHandled(change.tableId());
            case CREATE_TABLE:
                return ((CreateTableEvent) change).getSchema().equals(current);
            default:
                return current != null && SchemaUtils.isSchemaChangeEventRedundant(current, change);
        }
    }

    /** A restarted subtask asks again: what it asked before and its acknowledgements go. */
    void forgetSubtask(int subtask) {
        queue.removeIf(request -> request.subtask() == subtask);
        if (prepared != null && prepared.request.subtask() == subtask) {
            prepared = null;
        }
        fences.removeIf(fence -> fence.subtask == subtask);
        flushes.forget(subtask);
        reportedThrough.remove(subtask);
    }

    void clear() {
        queue.clear();
        prepared = null;
        fences.clear();
        reportedThrough.clear();
        flushes.clear();
    }
}
