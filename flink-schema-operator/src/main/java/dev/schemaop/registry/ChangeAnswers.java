package dev.schemaop.registry;

import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SchemaChangeResponse;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.route.TableRouter;

import org.apache.flink.cdc.common.event.TableId;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the registry sends back to the subtask that asked: per sink table of the change, the steps
 * from the version the subtask knows to the version its change stands for (the newest, or, for a
 * change handled before, the versions of that moment: the subtask's next rows have its shape).
 * Behind a pre-write topology the change's sink tables are fenced until the subtask says its events
 * went through.
 */
final class ChangeAnswers {
    private final TableRouter router;
    private final RegistryRun run;
    private final SubtaskGateways subtasks;
    private final ChangeQueue changes;
    private final RegistryMetrics metrics;
    private final boolean fenced;

    ChangeAnswers(
            TableRouter router,
            RegistryRun run,
            SubtaskGateways subtasks,
            ChangeQueue changes,
            RegistryMetrics metrics,
            boolean fenced) {
        this.router = router;
        this.run = run;
        this.subtasks = subtasks;
        this.changes = changes;
        this.metrics = metrics;
        this.fenced = fenced;
    }

    /** Answers with the steps up to {@code targetVersions}, or up to the newest versions. */
    void answer(SchemaChangeRequest request, @Nullable Map<TableId, Integer> targetVersions) {
        List<SinkSchemaStep> steps = new ArrayList<>();
        List<TableId> sinkTables = router.sinkTablesOf(request.change().tableId());
        for (TableId sinkTable : sinkTables) {
            SinkTableState sink = run.state.sink(sinkTable);
            int known = request.knownSinkVersions().getOrDefault(sinkTable, 0);
            int target =
                    targetVersions == null
                            ? sink.version
                            : targetVersions.getOrDefault(sinkTable, sink.version);
            steps.addAll(sink.stepsBetween(known, target));
        }
        subtasks.send(request.subtask(), new SchemaChangeResponse(request.requestId(), steps));
        if (fenced) {
            changes.awaitFence(request.subtask(), request.requestId(), sinkTables);
        }
        metrics.answered(request);
    }
}
