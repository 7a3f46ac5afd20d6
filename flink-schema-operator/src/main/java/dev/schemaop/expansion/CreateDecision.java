package dev.schemaop.expansion;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the first create of a sink table becomes when the sink may already have the table (SPEC §4,
 * §6). One decision for two callers: the registry when the create arrives, and {@code flink-cdc.sh
 * check} before a start, so that the dry run says what the run does.
 *
 * @param outcome what happens to the create
 * @param expansion the comparison with the existing table; null when the table is missing
 * @param message why, for the log or the check's output; the error under {@link Outcome#FAIL}
 * @param warning whether the message is a warning (the pipeline goes on, but not as asked)
 */
public record CreateDecision(
        Outcome outcome, @Nullable ExpansionPlan expansion, String message, boolean warning) {

    /** What happens to the create. */
    public enum Outcome {
        /** The table is missing: the sink creates it. */
        CREATE,
        /** The existing table is used as it is; rows are reshaped onto it. */
        ADOPT,
        /** The existing table is used after the expansion DDL ({@link #ddl}). */
        EXPAND,
        /** The create goes to the sink, whose own handling of an existing table decides. */
        TO_SINK,
        /** The job fails before any DDL. */
        FAIL
    }

    /** The expansion DDL; empty unless {@link Outcome#EXPAND}. */
    public List<SchemaChangeEvent> ddl() {
        return outcome == Outcome.EXPAND ? expansion.ddl() : List.of();
    }

    /**
     * Whether the sink is asked about the table before its first create: when a mode acts on
     * creates (CHECK always; TRY_EXPAND and EXPAND leave IGNORE and EXCEPTION to the sink), or when
     * create.table is not accepted (the table can only be adopted).
     */
    public static boolean asksTheSink(
            ExpansionMode mode,
            SchemaChangeBehavior behavior,
            Set<SchemaChangeEventType> accepted) {
        return actsOnCreate(mode, behavior)
                || !accepted.contains(SchemaChangeEventType.CREATE_TABLE);
    }

    private static boolean actsOnCreate(ExpansionMode mode, SchemaChangeBehavior behavior) {
        return mode == ExpansionMode.CHECK
                || (mode.expands()
                        && behavior != SchemaChangeBehavior.IGNORE
                        && behavior != SchemaChangeBehavior.EXCEPTION);
    }

    /**
     * The decision for one sink table the sink was asked about ({@link #asksTheSink}).
     *
     * @param accepted the change types the sink accepts (filters and applier)
     * @param supported the change types the sink's applier supports
     * @param existing the table as the sink describes it; empty when it is missing
     */
    public static CreateDecision of(
            ExpansionMode mode,
            SchemaChangeBehavior behavior,
            Set<SchemaChangeEventType> accepted,
            Set<SchemaChangeEventType> supported,
            ExistingTableSchemaExpansionSupport sink,
            TableId table,
            Schema upstream,
            Optional<Schema> existing) {
        boolean createAccepted = accepted.contains(SchemaChangeEventType.CREATE_TABLE);
        if (existing.isEmpty()) {
            if (mode == ExpansionMode.CHECK) {
                return fail(null, DifferenceReport.missingTable(table));
            }
            if (!createAccepted) {
                return fail(
                        null,
                        String.format(
                                "The sink has no table %s, and the sink block excludes"
                                        + " create.table, so the pipeline may not create it."
                                        + " Create the table first, or remove create.table from"
                                        + " exclude.schema.changes.",
                                table));
            }
            return new CreateDecision(
                    Outcome.CREATE, null, "The sink has no table " + table + ".", false);
        }
        Schema has = existing.get();
        ExpansionPlan expansion =
                TableComparison.compare(
                        table, upstream, has, SinkTableDescription.of(sink, table, has));
        if (!actsOnCreate(mode, behavior)) {
            if (expansion.refusesEveryRow()) {
                return fail(
                        expansion,
                        "The sink block excludes create.table, so the existing sink table is used"
                                + " as it is, but it would refuse every row the pipeline writes. "
                                + DifferenceReport.of(expansion, mode, RepairStatements.of(sink)));
            }
            return new CreateDecision(
                    Outcome.ADOPT,
                    expansion,
                    String.format(
                            "Adopted the existing sink table %s (create.table is not accepted): %s",
                            table, expansion.adopted()),
                    false);
        }
        if (expansion.compatible()) {
            return new CreateDecision(
                    Outcome.ADOPT,
                    expansion,
                    String.format(
                            "The existing sink table %s holds the pipeline's %s: adopted as it is.",
                            table, upstream),
                    false);
        }
        String report = DifferenceReport.of(expansion, mode, RepairStatements.of(sink));
        boolean keysToTheSink = mode == ExpansionMode.TRY_EXPAND && expansion.keysDiffer();
        if (mode == ExpansionMode.CHECK || (expansion.refusesEveryRow() && !keysToTheSink)) {
            // a table that would refuse every row fails the start under TRY_EXPAND too: handed to
            // the sink, it would be kept and refuse the rows one by one. Only a key mismatch is the
            // sink's to judge there (SPEC §6: its own key validation has the last word).
            return fail(expansion, report);
        }
        if (mode == ExpansionMode.TRY_EXPAND && !expansion.repairable()) {
            return toSink(
                    createAccepted,
                    expansion,
                    String.format(
                            "Not expanding the existing sink table %s"
                                    + " (existing-table.schema-expansion.mode: TRY_EXPAND); the"
                                    + " create goes to the sink, whose own handling decides: %s",
                            table, report));
        }
        if (!expansion.repairable()) {
            return fail(expansion, report);
        }
        String missing = missingCapability(expansion, mode, accepted, supported, sink);
        if (missing != null && mode == ExpansionMode.EXPAND) {
            return fail(expansion, missing);
        }
        if (missing != null) {
            return toSink(
                    createAccepted,
                    expansion,
                    missing + " The create goes to the sink, whose own handling decides.");
        }
        return new CreateDecision(
                Outcome.EXPAND,
                expansion,
                "Expanding the existing sink table " + table + ": " + expansion.ddl(),
                false);
    }

    private static CreateDecision fail(@Nullable ExpansionPlan expansion, String message) {
        return new CreateDecision(Outcome.FAIL, expansion, message, false);
    }

    /** A create the sink cannot take is adopted instead: the table stays as it is. */
    private static CreateDecision toSink(
            boolean createAccepted, ExpansionPlan expansion, String message) {
        return new CreateDecision(
                createAccepted ? Outcome.TO_SINK : Outcome.ADOPT, expansion, message, true);
    }

    /**
     * What expansion needs and the sink lacks: add.column / alter.column.type accepted and
     * supported, only for the DDL it issues (SPEC §6); null when nothing is missing.
     */
    @Nullable
    private static String missingCapability(
            ExpansionPlan expansion,
            ExpansionMode mode,
            Set<SchemaChangeEventType> accepted,
            Set<SchemaChangeEventType> supported,
            ExistingTableSchemaExpansionSupport sink) {
        for (SchemaChangeEvent ddl : expansion.ddl()) {
            SchemaChangeEventType type = ddl.getType();
            if (!accepted.contains(type) || !supported.contains(type)) {
                return String.format(
                        "Expanding the existing sink table %s needs %s, which the sink %s. Accept"
                                + " %s in the sink block, use a sink that supports it, or set"
                                + " existing-table.schema-expansion.mode to CHECK and change the"
                                + " table yourself:%n%s",
                        expansion.table(),
                        type.getTag(),
                        accepted.contains(type) ? "does not support" : "does not accept",
                        type.getTag(),
                        DifferenceReport.of(expansion, mode, RepairStatements.of(sink)));
            }
        }
        return null;
    }
}
