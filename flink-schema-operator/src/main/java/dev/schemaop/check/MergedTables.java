package dev.schemaop.check;

import dev.schemaop.behavior.SchemaChanges;
import dev.schemaop.merge.HoldPlan;
import dev.schemaop.merge.SchemaMerger;
import dev.schemaop.merge.TypeDifference;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What merging several routed source tables into one sink table does to it (SPEC §7), as the
 * registry will do it when their creates arrive in source order: columns added, widened, or turned
 * into STRING where two types have no common wider type; a key column that cannot hold another
 * table's key refuses the start.
 *
 * @param lines one line per column the merge changes
 * @param refusal why the start fails, or null
 */
record MergedTables(List<String> lines, @Nullable String refusal) {

    static MergedTables of(TableId sink, List<TableId> sources, Map<TableId, Schema> schemas) {
        List<String> lines = new ArrayList<>();
        Schema merged = schemas.get(sources.get(0));
        for (TableId source : sources.subList(1, sources.size())) {
            HoldPlan plan = SchemaMerger.planToMerge(sink, merged, schemas.get(source));
            if (!plan.keyColumns().isEmpty()) {
                return new MergedTables(lines, refusal(sink, source, plan.keyColumns()));
            }
            for (SchemaChangeEvent event : plan.events()) {
                lines.addAll(describe(event, source));
                merged = SchemaChanges.apply(merged, event);
            }
        }
        return new MergedTables(lines, null);
    }

    private static List<String> describe(SchemaChangeEvent event, TableId source) {
        List<String> lines = new ArrayList<>();
        if (event instanceof AddColumnEvent add) {
            lines.add(
                    String.format(
                            "Column%s %s of %s added, nullable.",
                            add.getAddedColumns().size() == 1 ? "" : "s",
                            add.getAddedColumns().stream()
                                    .map(c -> c.getAddColumn().getName())
                                    .collect(Collectors.joining(", ")),
                            source));
        } else if (event instanceof AlterColumnTypeEvent alter) {
            for (Map.Entry<String, DataType> column : alter.getTypeMapping().entrySet()) {
                DataType before = alter.getOldTypeMapping().get(column.getKey());
                lines.add(describe(column.getKey(), before, column.getValue(), source));
            }
        }
        return lines;
    }

    private static String describe(String column, DataType before, DataType after, TableId source) {
        if (after.copy(true).equals(DataTypes.STRING())
                && !before.copy(true).equals(DataTypes.STRING())) {
            return String.format(
                    "Column %s is %s before %s, which has no common wider type with it: the"
                            + " column becomes STRING and every value is written as its text.",
                    column, before.asSummaryString(), source);
        }
        if (before.copy(true).equals(after.copy(true))) {
            return String.format(
                    "Column %s becomes nullable: %s has no such column.", column, source);
        }
        return String.format(
                "Column %s widened from %s to %s to hold %s.",
                column, before.asSummaryString(), after.asSummaryString(), source);
    }

    private static String refusal(TableId sink, TableId source, List<TypeDifference> keys) {
        return String.format(
                "%s cannot join: the key of %s does not hold its key (%s). Key columns are never"
                        + " widened or merged, since rows whose key the column cannot hold would"
                        + " be lost. Route the tables into separate sink tables, or create %s"
                        + " first with key columns that hold every table's keys.",
                source,
                sink,
                keys.stream()
                        .map(
                                d ->
                                        d.column()
                                                + " "
                                                + d.sinkType().asSummaryString()
                                                + " vs "
                                                + d.upstreamType().asSummaryString())
                        .collect(Collectors.joining(", ")),
                sink);
    }
}
