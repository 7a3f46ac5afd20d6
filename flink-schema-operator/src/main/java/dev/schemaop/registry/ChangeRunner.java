package dev.schemaop.registry;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.Set;

/**
 * Takes one change through its applier calls, one at a time (SPEC G4): a call the log shows as made
 * before a failure is not made again, TRY_EVOLVE skips what the sink does not support, a call after
 * a restore is read back from the sink first, and each outcome continues the change on the event
 * loop. The registry decides which change runs and what a finished one does.
 */
final class ChangeRunner {
    private static final Logger LOG = LoggerFactory.getLogger(ChangeRunner.class);

    /** What the runner needs of the registry. */
    interface Registry {
        /**
         * Whether the change is still the one the registry applies (no restore or failure since).
         */
        boolean isCurrent(ChangeExecution execution);

        /** Every call of the change was made or skipped. */
        void completed(ChangeExecution execution);

        void failJob(Throwable cause);

        /** Fails the job after the sink wrote the rows it holds; the sink lacks the change. */
        void failJobAfterDrain(Throwable cause);

        AppliedChangeLog log();

        /**
         * Whether several upstream tables merge into the sink table (SPEC §7): a change of it only
         * makes it hold another table's rows, and must reach the sink even under TRY_EVOLVE.
         */
        boolean isShared(TableId sinkTable, TableId upstreamTable);

        /**
         * What the registry wrote is on storage before the sink changes: the log (the intent and
         * the calls before this one) and, as durable as the log, the decision history.
         */
        void syncBeforeApplierCall();
    }

    private final RegistryEventLoop loop;
    private final ApplierCalls calls;
    private final MetadataApplier applier;
    private final SchemaChangeBehavior behavior;
    private final Duration rpcTimeout;
    private final Registry registry;
    private Set<SchemaChangeEventType> supported = Set.of();

    ChangeRunner(
            RegistryEventLoop loop,
            ApplierCalls calls,
            MetadataApplier applier,
            SchemaChangeBehavior behavior,
            Duration rpcTimeout,
            Registry registry) {
        this.loop = loop;
        this.calls = calls;
        this.applier = applier;
        this.behavior = behavior;
        this.rpcTimeout = rpcTimeout;
        this.registry = registry;
    }

    /** What the sink's applier supports (asked once the registry starts). */
    void supported(Set<SchemaChangeEventType> types) {
        supported = types;
    }

    /** Goes on with the change until a call is made (its outcome goes on) or it is done. */
    void run(ChangeExecution execution) {
        loop.assertInLoop();
        while (!execution.isDone()) {
            SchemaChangeEvent event = execution.currentEvent();
            if (calls.isCallInProgress()) {
                // A call from before a restore or timeout still runs: its outcome (logged when
                // it is handled) decides whether this one is needed at all.
                calls.afterCallInProgress(
                        () -> resume(execution), () -> timedOut(execution, event));
                return;
            }
            if (ExistingTables.adopts(execution.currentSink(), event)) {
                // The sink has the table: its writers learn it, its applier is not asked.
                LOG.info("Adopted the existing sink table {}: {}", event.tableId(), event);
                execution.applied();
                continue;
            }
            if (registry.log().alreadyApplied(execution.currentCall())) {
                LOG.info(
                        "{} already reached the sink before the restore; not applied again.",
                        event);
                execution.applied();
                continue;
            }
            if (behavior == SchemaChangeBehavior.TRY_EVOLVE
                    && !supported.contains(event.getType())
                    && !registry.isShared(
                            execution.currentSink().sink(), execution.intent.upstreamTable())) {
                LOG.warn(
                        "Skipped {}: the sink does not support {} (try_evolve). Rows are reshaped "
                                + "onto the sink's current schema.",
                        event,
                        event.getType().getTag());
                execution.skipped();
                continue;
            }
            call(execution, event);
            return;
        }
        registry.completed(execution);
    }

    private void resume(ChangeExecution execution) {
        if (registry.isCurrent(execution)) {
            run(execution);
        }
    }

    private void timedOut(ChangeExecution execution, SchemaChangeEvent event) {
        if (registry.isCurrent(execution)) {
            registry.failJob(
                    EvolutionFailures.timeout(execution.currentSink().sink(), event, rpcTimeout));
        }
    }

    private void call(ChangeExecution execution, SchemaChangeEvent event) {
        SinkReadBack readBack =
                execution.takeMayBeApplied()
                                && applier instanceof ExistingTableSchemaExpansionSupport
                        ? new SinkReadBack(
                                (ExistingTableSchemaExpansionSupport) applier,
                                execution.currentSink().sink(),
                                execution.schemaBeforeCurrent(),
                                event)
                        : null;
        AppliedChangeLog.AppliedCall call = execution.currentCall();
        registry.syncBeforeApplierCall();
        calls.call(
                event,
                readBack,
                error -> outcome(execution, call, error),
                () -> timedOut(execution, event));
    }

    private void outcome(
            ChangeExecution execution,
            AppliedChangeLog.AppliedCall call,
            @Nullable Throwable cause) {
        SchemaChangeEvent event = call.event();
        if (cause == null) {
            // Logged even when a restore or timeout made the call stale: the sink has it.
            registry.log().appendCall(call);
        }
        if (!registry.isCurrent(execution)) {
            return; // a restore or a failure happened meanwhile
        }
        if (cause == null) {
            LOG.info("Applied {} to the sink.", event);
            execution.applied();
        } else if (behavior == SchemaChangeBehavior.TRY_EVOLVE
                && cause instanceof UnsupportedSchemaChangeEventException
                && !registry.isShared(call.sink(), execution.intent.upstreamTable())) {
            LOG.warn(
                    "Skipped {}: the sink does not support it (try_evolve): {}. Rows are "
                            + "reshaped onto the sink's current schema.",
                    event,
                    cause.getMessage());
            execution.skipped();
        } else {
            failWithoutTheChange(
                    execution, EvolutionFailures.applyFailure(call.sink(), event, behavior, cause));
            return;
        }
        run(execution);
    }

    /**
     * The sink refused the change. When it can be read back and its table is as before the change
     * (a database rejects a DDL statement whole), the rows sink subtasks hold are of that shape and
     * are written before the job fails (G7); otherwise the job fails at once, since such rows might
     * not fit a table the failed call changed in part. So does a failure after an earlier call of
     * the same change reached the sink (a LENIENT rename before its add, one sink table of two):
     * the sink subtasks still hold rows of the table as before the change, which it no longer is.
     */
    private void failWithoutTheChange(ChangeExecution execution, Throwable failure) {
        if (!(applier instanceof ExistingTableSchemaExpansionSupport describing)
                || execution.anyApplied()) {
            registry.failJob(failure);
            return;
        }
        TableId table = execution.currentSink().sink();
        Schema before = execution.schemaBeforeCurrent();
        SchemaChangeEvent change = execution.currentEvent();
        calls.ask(
                () -> SinkReadBack.looksAsBefore(describing, table, before, change),
                (unchanged, error) -> {
                    if (!registry.isCurrent(execution)) {
                        return;
                    }
                    if (Boolean.TRUE.equals(unchanged)) {
                        registry.failJobAfterDrain(failure);
                    } else {
                        registry.failJob(failure);
                    }
                },
                () -> {
                    if (registry.isCurrent(execution)) {
                        registry.failJob(failure);
                    }
                },
                "reading back " + table + " after a failed change");
    }
}
