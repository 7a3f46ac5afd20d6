package dev.schemaop.registry;

import dev.schemaop.api.Secrets;
import dev.schemaop.api.SkippedSourceChange;
import dev.schemaop.behavior.SkipReason;
import dev.schemaop.behavior.SkippedChange;
import dev.schemaop.history.Decision;
import dev.schemaop.history.DecisionHistory;
import dev.schemaop.history.EventText;
import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns what the registry did with an upstream change into a line of the decision history: the
 * outcome, why, and what each sink table got. Called once per decision, on the registry's loop.
 */
final class DecisionRecorder implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DecisionRecorder.class);

    /** The sink does not support it (TRY_EVOLVE leaves it out). */
    private static final String UNSUPPORTED = "unsupported";

    /** The sink has it already. */
    private static final String REDUNDANT = "redundant";

    private final String job;
    private final String behavior;
    @Nullable private final DecisionHistory history;

    /** Whether a write failed: nothing more is written. */
    private boolean broken;

    /** How many of the source's skips are remembered against repeats after a restore. */
    private static final int MAX_REMEMBERED_SKIPS = 1_000;

    /** The source's latest skips recorded, oldest first (see {@link #skippedAtSource}). */
    private final Set<SkippedSourceChange> sourceSkips = new LinkedHashSet<>();

    private DecisionRecorder(
            String job, SchemaChangeBehavior behavior, @Nullable DecisionHistory history) {
        this.job = job;
        this.behavior = behavior.name().toLowerCase(java.util.Locale.ROOT);
        this.history = history;
    }

    /** A registry without a history (unit tests, benchmarks that measure the runtime alone). */
    static DecisionRecorder none() {
        return new DecisionRecorder("", SchemaChangeBehavior.LENIENT, null);
    }

    static DecisionRecorder open(Path dir, String job, SchemaChangeBehavior behavior)
            throws IOException {
        DecisionHistory history = DecisionHistory.open(dir, job);
        LOG.info("The schema decision history of this job is written to {}", history.file());
        return new DecisionRecorder(job, behavior, history);
    }

    /** A change carried out to its end (also one finished after a restore: no request then). */
    void completed(ChangeExecution execution, CompletedChange completed) {
        List<SinkPlan> plans = execution.intent.sinks();
        List<Decision.SinkResult> sinks = new ArrayList<>();
        Set<String> reasons = new LinkedHashSet<>();
        boolean adopted = false;
        boolean expanded = false;
        boolean planned = false;
        List<SchemaChangeEvent> received = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            SinkPlan plan = plans.get(i);
            SinkUpdate update = completed.sinkUpdates().get(i);
            List<String> skipped = new ArrayList<>();
            for (SkippedChange skip : plan.skipped()) {
                skipped.add(reason(skip.reason()) + ": " + skip.event());
                reasons.add(reason(skip.reason()));
            }
            List<SchemaChangeEvent> got = new ArrayList<>(update.events());
            if (!got.isEmpty() && ExistingTables.adopts(plan, got.get(0))) {
                adopted = true;
                expanded |= got.size() > 1;
            } else {
                received.addAll(got);
            }
            planned |= !plan.events().isEmpty();
            for (SchemaChangeEvent event : plan.events()) {
                if (!update.events().contains(event)) {
                    skipped.add(UNSUPPORTED + ": " + event);
                    reasons.add(UNSUPPORTED);
                }
            }
            sinks.add(
                    new Decision.SinkResult(
                            plan.sink().toString(),
                            plan.baseVersion(),
                            // a version per upstream change that gave the table an event
                            got.isEmpty() ? plan.baseVersion() : plan.baseVersion() + 1,
                            got.stream().map(Object::toString).toList(),
                            got.stream().map(EventText::brief).toList(),
                            skipped));
        }
        SchemaChangeEvent upstream = execution.request == null ? null : execution.request.change();
        String outcome;
        String reason = null;
        if (adopted) {
            outcome = expanded ? "expanded" : "checked";
        } else if (upstream == null && !received.isEmpty()) {
            // what asked for it is not kept: a conversion is not told apart from the change
            outcome = "applied";
            reason = "finished after a restore";
        } else if (received.isEmpty()) {
            outcome = "skipped";
            reason =
                    reasons.isEmpty() ? (planned ? UNSUPPORTED : null) : String.join(", ", reasons);
        } else if (upstream != null && asSent(upstream, plans, completed)) {
            outcome = "applied";
        } else if (received.stream().allMatch(e -> e instanceof AlterColumnTypeEvent)) {
            // SPEC §5: the sink's column made to hold the upstream type (a merged create, an add
            // of a column the sink has narrower)
            outcome = "widened";
        } else {
            outcome = "converted";
        }
        record(completed.sequence(), completed.upstreamTable(), upstream, outcome, reason, sinks);
    }

    /**
     * A change first met as a repeat of one the sink has: nothing reached it. Called before the
     * change is applied to {@code state} (its versions do not move).
     */
    void redundant(SchemaChangeRequest request, CompletedChange completed, RegistryState state) {
        List<Decision.SinkResult> sinks = new ArrayList<>();
        for (SinkUpdate update : completed.sinkUpdates()) {
            int version = state.sink(update.sink()).version;
            sinks.add(
                    new Decision.SinkResult(
                            update.sink().toString(),
                            version,
                            version,
                            List.of(),
                            List.of(),
                            List.of()));
        }
        record(
                completed.sequence(),
                completed.upstreamTable(),
                request.change(),
                "skipped",
                REDUNDANT,
                sinks);
    }

    /** An EXCEPTION rejection: the job ends, nothing reached the sink. */
    void rejected(SchemaChangeRequest request, Throwable rejection) {
        record(
                null,
                request.change().tableId(),
                request.change(),
                "rejected",
                rejection.getMessage(),
                List.of());
    }

    /** A change the job fails on (an applier refusal or failure, a timeout, a failed read-back). */
    void failed(
            @Nullable ChangeExecution execution,
            @Nullable PreparedChange inspecting,
            Throwable cause) {
        if (execution != null) {
            record(
                    null,
                    execution.intent.upstreamTable(),
                    execution.request == null ? null : execution.request.change(),
                    "failed",
                    cause.getMessage(),
                    List.of());
        } else if (inspecting != null) {
            record(
                    null,
                    inspecting.request.change().tableId(),
                    inspecting.request.change(),
                    "failed",
                    cause.getMessage(),
                    List.of());
        }
    }

    /**
     * A change the source left out (e.g. a statement it cannot parse). A source that reads the same
     * position again after a restore leaves the change out again: written once per position while
     * the registry lives (a new JobManager may write it again).
     */
    void skippedAtSource(SkippedSourceChange skipped) {
        if (!sourceSkips.add(skipped)) {
            return;
        }
        if (sourceSkips.size() > MAX_REMEMBERED_SKIPS) {
            sourceSkips.remove(sourceSkips.iterator().next());
        }
        String statement = Secrets.maskStatement(skipped.statement());
        LOG.info(
                "The source left out {} at {}: {}",
                skipped.reason(),
                skipped.position(),
                statement);
        write(
                new Decision(
                        now(),
                        job,
                        null,
                        skipped.table() == null ? "(unknown)" : skipped.table().toString(),
                        statement,
                        EventText.brief(statement),
                        behavior,
                        "skipped",
                        skipped.reason() + " at " + skipped.position(),
                        List.of(),
                        null,
                        null));
    }

    /** Why a part of a change was left out, in the history's words. */
    private static String reason(SkipReason reason) {
        return switch (reason) {
            case NOT_ACCEPTED -> "filter";
            case IGNORED_BY_BEHAVIOR -> "ignore";
            case ALREADY_PRESENT -> REDUNDANT;
            case KEY_COLUMN -> "key column";
            case NOT_WIDENABLE -> "not widenable";
            case SHARED_TABLE -> "shared table";
        };
    }

    /**
     * What the rows before checkpoint {@code checkpoint} discarded since the previous such line, a
     * line per sink table (SPEC §3).
     */
    void discarded(long checkpoint, Map<String, Map<String, Long>> counts) {
        counts.forEach(
                (table, columns) ->
                        write(
                                new Decision(
                                        now(),
                                        job,
                                        null,
                                        table,
                                        null,
                                        null,
                                        behavior,
                                        "discarded",
                                        null,
                                        List.of(),
                                        checkpoint,
                                        columns)));
    }

    /** Whether each sink table got exactly the upstream event, under its own name. */
    private static boolean asSent(
            SchemaChangeEvent upstream, List<SinkPlan> plans, CompletedChange completed) {
        for (int i = 0; i < plans.size(); i++) {
            List<SchemaChangeEvent> got = completed.sinkUpdates().get(i).events();
            TableId sink = plans.get(i).sink();
            if (!got.equals(List.of(upstream.copy(sink)))) {
                return false;
            }
        }
        return true;
    }

    private void record(
            @Nullable Long sequence,
            TableId table,
            @Nullable SchemaChangeEvent event,
            String outcome,
            @Nullable String reason,
            List<Decision.SinkResult> sinks) {
        write(
                new Decision(
                        now(),
                        job,
                        sequence,
                        table.toString(),
                        event == null ? null : event.toString(),
                        event == null ? null : EventText.brief(event),
                        behavior,
                        outcome,
                        reason,
                        sinks,
                        null,
                        null));
    }

    /**
     * Appends the line. A history that cannot be written is given up with one WARN: it must not
     * stop the registry (a job failing would hang, a healthy one would fail for its diary).
     */
    private void write(Decision decision) {
        if (history == null || broken) {
            return;
        }
        try {
            history.record(decision);
        } catch (RuntimeException e) {
            broken = true;
            LOG.warn(
                    "The schema decision history {} can no longer be written ({}); the pipeline"
                            + " goes on without it.",
                    history.file(),
                    e.toString());
        }
    }

    private static String now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS).toString();
    }

    void sync() throws IOException {
        if (history != null) {
            history.sync();
        }
    }

    @Override
    public void close() throws IOException {
        if (history != null) {
            history.close();
        }
    }
}
