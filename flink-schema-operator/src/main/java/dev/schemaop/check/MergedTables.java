package dev.schemaop.check;

import dev.schemaop.behavior.Derivation;
import dev.schemaop.behavior.SchemaChangeDeriver;
import dev.schemaop.behavior.SchemaChangeRejectedException;
import dev.schemaop.behavior.SchemaChanges;
import dev.schemaop.behavior.SkippedChange;
import dev.schemaop.merge.HoldPlan;
import dev.schemaop.merge.SchemaMerger;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
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
 * registry does it when their creates arrive in source order: the merge's changes go through the
 * pipeline's behavior and filters ({@link SchemaChangeDeriver#deriveMerge}), so a column is said to
 * be added, widened or turned into STRING only where a run would do it, and a change the behavior
 * rejects or skips is said so. A key column that cannot hold another table's key, or that another
 * table lacks, refuses the start with the run's own message.
 *
 * @param lines one line per column the merge changes, or leaves as it is
 * @param refusal why the start fails, or null
 */
record MergedTables(List<String> lines, @Nullable String refusal) {

    static MergedTables of(
            TableId sink,
            List<TableId> sources,
            Map<TableId, Schema> schemas,
            SchemaChangeDeriver deriver) {
        List<String> lines = new ArrayList<>();
        Schema merged = schemas.get(sources.get(0));
        for (TableId source : sources.subList(1, sources.size())) {
            Schema joining = schemas.get(source);
            HoldPlan plan = SchemaMerger.planToMerge(sink, merged, joining);
            if (!plan.keyColumns().isEmpty()) {
                return new MergedTables(
                        lines,
                        SchemaChangeRejectedException.keyColumnsOfMergedTables(
                                        new CreateTableEvent(source, joining),
                                        sink,
                                        sources,
                                        plan.keyColumns())
                                .getMessage());
            }
            for (SchemaChangeEvent event : plan.events()) {
                Derivation derivation;
                try {
                    derivation = deriver.deriveMerge(event, merged);
                } catch (SchemaChangeRejectedException rejected) {
                    return new MergedTables(lines, rejected.getMessage());
                }
                for (SchemaChangeEvent applied : derivation.toApply()) {
                    lines.addAll(describe(applied, source, ""));
                    merged = SchemaChanges.apply(merged, applied);
                }
                for (SkippedChange skipped : derivation.skipped()) {
                    lines.addAll(
                            describe(
                                    skipped.event(),
                                    source,
                                    " Not applied ("
                                            + skipped.reason().name().toLowerCase()
                                            + "): the values that do not fit are discarded and"
                                            + " counted."));
                }
            }
        }
        return new MergedTables(lines, null);
    }

    private static List<String> describe(SchemaChangeEvent event, TableId source, String suffix) {
        List<String> lines = new ArrayList<>();
        if (event instanceof AddColumnEvent add) {
            lines.add(
                    String.format(
                            "Column%s %s of %s added, nullable.%s",
                            add.getAddedColumns().size() == 1 ? "" : "s",
                            add.getAddedColumns().stream()
                                    .map(c -> c.getAddColumn().getName())
                                    .collect(Collectors.joining(", ")),
                            source,
                            suffix));
        } else if (event instanceof AlterColumnTypeEvent alter) {
            for (Map.Entry<String, DataType> column : alter.getTypeMapping().entrySet()) {
                DataType before = alter.getOldTypeMapping().get(column.getKey());
                lines.add(describe(column.getKey(), before, column.getValue(), source) + suffix);
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
                    "Column %s becomes nullable, to take the rows of %s.", column, source);
        }
        return String.format(
                "Column %s widened from %s to %s to hold %s.",
                column, before.asSummaryString(), after.asSummaryString(), source);
    }
}
