package dev.schemaop.registry;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What the registry asks the sink besides applying changes, on the applier thread: the tables a
 * first create may find there (SPEC §4, §6), and the expanded tables read back before a change is
 * answered. An answer counts only while the work that asked is current; a refusal, an error or a
 * timeout fails the job.
 */
final class SinkQuestions {
    private final ApplierCalls calls;
    private final ExistingTables existingTables;
    private final RegistryRun run;
    private final FailurePolicy failures;
    private final Duration rpcTimeout;

    SinkQuestions(
            ApplierCalls calls,
            ExistingTables existingTables,
            RegistryRun run,
            FailurePolicy failures,
            Duration rpcTimeout) {
        this.calls = calls;
        this.existingTables = existingTables;
        this.run = run;
        this.failures = failures;
        this.rpcTimeout = rpcTimeout;
    }

    /**
     * Asks the sink for the tables a first create may find there, then hands the create as they
     * decide it to {@code decided}. Nothing else is handled meanwhile ({@link
     * RegistryRun#inspecting}).
     */
    void inspect(PreparedChange change, List<TableId> tables, Consumer<PreparedChange> decided) {
        run.inspecting = change;
        long startedIn = run.generation();
        BooleanSupplier stillCurrent = () -> run.isCurrent(startedIn) && run.inspecting == change;
        if (calls.isCallInProgress()) {
            // A call from before a restore still runs: the sink is described after it.
            calls.afterCallInProgress(
                    () -> {
                        if (stillCurrent.getAsBoolean()) {
                            run.inspecting = null;
                            inspect(change, tables, decided);
                        }
                    },
                    () -> failures.failJob(EvolutionFailures.describeTimeout(tables, rpcTimeout)));
            return;
        }
        ExistingTableSchemaExpansionSupport sink = existingTables.sink();
        ask(
                tables,
                "describing the sink tables " + tables,
                stillCurrent,
                // On the applier thread: the sink describes the tables, then says how it names and
                // types columns while the plan is decided.
                () -> {
                    Map<TableId, Optional<Schema>> existing = new LinkedHashMap<>();
                    for (TableId table : tables) {
                        existing.put(table, sink.getExistingTableSchema(table));
                    }
                    return existingTables.decide(change.plan, existing);
                },
                plan -> {
                    run.inspecting = null;
                    decided.accept(new PreparedChange(change.request, plan, null));
                });
    }

    /**
     * SPEC §6: the expanded tables read back and compared again with {@code upstream} before anyone
     * is answered; {@code verified} runs when they hold it.
     */
    void readBack(
            ExistingTableSchemaExpansionSupport sink,
            List<TableId> tables,
            Schema upstream,
            BooleanSupplier stillCurrent,
            Runnable verified) {
        ask(
                tables,
                "reading back the expanded sink tables " + tables,
                stillCurrent,
                () -> {
                    for (TableId table : tables) {
                        existingTables.verify(table, upstream, sink.getExistingTableSchema(table));
                    }
                    return Boolean.TRUE;
                },
                ok -> verified.run());
    }

    /**
     * Asks the sink about {@code tables} on the applier thread. The answer is handled on the event
     * loop only while {@code stillCurrent} holds (no restore or failure since): a refusal fails the
     * job with the sink's own message, any other error or a timeout with one naming the tables.
     */
    private <T> void ask(
            List<TableId> tables,
            String what,
            BooleanSupplier stillCurrent,
            Callable<T> question,
            Consumer<T> onAnswer) {
        calls.ask(
                question,
                (answer, error) -> {
                    if (!stillCurrent.getAsBoolean()) {
                        return;
                    }
                    if (error instanceof SchemaEvolutionException refused) {
                        failures.failJob(refused);
                    } else if (error != null) {
                        failures.failJob(EvolutionFailures.describeFailure(tables, error));
                    } else {
                        onAnswer.accept(answer);
                    }
                },
                () -> {
                    if (stillCurrent.getAsBoolean()) {
                        failures.failJob(EvolutionFailures.describeTimeout(tables, rpcTimeout));
                    }
                },
                what);
    }
}
