package dev.schemaop.registry;

import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The registry's record of one sink table: its schema as the sink has it, the version number of
 * that schema, the upstream tables routed into it, and the last steps (to tell a subtask the way
 * from the version it knows). Only the registry's event loop touches it.
 */
final class SinkTableState {
    /** How many steps are kept for answers; a subtask further behind gets a reset step. */
    static final int HISTORY = 1024;

    /** How many of them a checkpoint keeps. */
    static final int CHECKPOINTED_HISTORY = 64;

    final TableId table;
    @Nullable Schema schema;
    int version;
    final Set<TableId> sources = new LinkedHashSet<>();
    private final ArrayDeque<SinkSchemaStep> history = new ArrayDeque<>();

    SinkTableState(TableId table, @Nullable Schema schema, int version) {
        this.table = table;
        this.schema = schema;
        this.version = version;
    }

    /** The newest steps, oldest first, for a checkpoint. */
    List<SinkSchemaStep> recentSteps() {
        List<SinkSchemaStep> all = new ArrayList<>(history);
        return all.subList(Math.max(0, all.size() - CHECKPOINTED_HISTORY), all.size());
    }

    void restoreStep(SinkSchemaStep step) {
        history.addLast(step);
    }

    SinkSchemaStep advance(List<SchemaChangeEvent> events, @Nullable Schema schemaAfter) {
        version++;
        schema = schemaAfter;
        SinkSchemaStep step = new SinkSchemaStep(table, version, events, schemaAfter);
        history.addLast(step);
        if (history.size() > HISTORY) {
            history.removeFirst();
        }
        return step;
    }

    /** The kept steps after {@code version}, oldest first. */
    List<SinkSchemaStep> stepsAfter(int version) {
        List<SinkSchemaStep> steps = new ArrayList<>();
        for (SinkSchemaStep step : history) {
            if (step.version() > version) {
                steps.add(step);
            }
        }
        return steps;
    }

    /**
     * The steps that take a subtask from {@code knownVersion} to {@code targetVersion}: the steps
     * in between when the history reaches back to them; otherwise the one step at the target (also
     * when the target is older than what the subtask knows: it replays a history from the start); a
     * target no longer kept at all becomes a reset to the newest version.
     */
    List<SinkSchemaStep> stepsBetween(int knownVersion, int targetVersion) {
        List<SinkSchemaStep> steps = new ArrayList<>();
        if (knownVersion == targetVersion) {
            return steps;
        }
        SinkSchemaStep target = null;
        for (SinkSchemaStep step : history) {
            if (step.version() > knownVersion && step.version() <= targetVersion) {
                steps.add(step);
            }
            if (step.version() == targetVersion) {
                target = step;
            }
        }
        if (knownVersion < targetVersion
                && !steps.isEmpty()
                && steps.get(0).version() == knownVersion + 1) {
            return steps;
        }
        steps.clear();
        steps.add(target != null ? target : SinkSchemaStep.reset(table, version, schema));
        return steps;
    }
}
