package dev.schemaop.expansion;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.types.DataType;

import java.util.List;

/**
 * The one aggregated error of a failed check (SPEC §6): a header naming the table, one line per
 * difference (column, upstream type, target type, reason), then templates of the repair statements
 * for what a safe change can fix, to be reviewed and adjusted to the sink's dialect.
 */
public final class DifferenceReport {
    static final String REPAIR_HEADER =
            "Suggested repair statements (review and adjust to the target system's DDL dialect):";

    static final String SINK_REPAIR_HEADER =
            "Suggested repair statements in the sink's dialect (review before running):";

    private DifferenceReport() {}

    /** The report of a table whose differences {@code mode} does not accept, with templates. */
    public static String of(ExpansionPlan plan, ExpansionMode mode) {
        return of(plan, mode, RepairStatements.of(null));
    }

    /**
     * The report of a table whose differences {@code mode} does not accept, with the repair
     * statements in the sink's dialect where {@code statements} renders them.
     */
    public static String of(ExpansionPlan plan, ExpansionMode mode, RepairStatements statements) {
        StringBuilder text = new StringBuilder();
        text.append(
                String.format(
                        "The existing sink table %s does not hold what the pipeline sends"
                                + " (existing-table.schema-expansion.mode: %s); %d difference%s:",
                        plan.table(),
                        mode,
                        plan.differences().size(),
                        plan.differences().size() == 1 ? "" : "s"));
        for (Difference difference : plan.differences()) {
            text.append(System.lineSeparator()).append("  - ").append(line(difference));
        }
        List<String> repairs = statements.repairs(plan);
        if (!repairs.isEmpty()) {
            text.append(System.lineSeparator())
                    .append(statements.inTheSinksDialect() ? SINK_REPAIR_HEADER : REPAIR_HEADER);
            repairs.forEach(r -> text.append(System.lineSeparator()).append("  ").append(r));
        }
        return text.toString();
    }

    /** The error of CHECK on a table the sink does not have. */
    public static String missingTable(TableId table) {
        return String.format(
                "The sink has no table %s, and existing-table.schema-expansion.mode CHECK never"
                        + " creates tables: create it first (with the columns the pipeline sends),"
                        + " or use TRY_EXPAND or EXPAND, which let the sink create it.",
                table);
    }

    private static String line(Difference difference) {
        boolean key =
                difference.reason() == Difference.Reason.PRIMARY_KEY
                        || difference.reason() == Difference.Reason.PARTITION_KEYS
                        || difference.reason() == Difference.Reason.NAME_CLASH;
        if (key) {
            return difference.column() + ": " + difference.reason().description();
        }
        return String.format(
                "column %s: upstream %s, target %s: %s",
                difference.column(),
                typeOrNone(difference.upstreamType()),
                typeOrNone(difference.targetType()),
                difference.reason().description());
    }

    private static String typeOrNone(DataType type) {
        return type == null ? "(none)" : type.asSummaryString();
    }
}
