package dev.schemaop.expansion;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;

/**
 * What comparing the pipeline's first schema of a sink table with the table the sink already has
 * found (SPEC §6), and the DDL that would repair what is repairable: one {@link AddColumnEvent} for
 * the missing non-key columns (nullable, at the end), then one {@link AlterColumnTypeEvent} for the
 * columns to widen (with their old types).
 *
 * @param differences every difference, in the order of the upstream columns, then the keys
 * @param adopted the table as the pipeline adopts it: the sink's columns that an upstream column
 *     matches, spelled as upstream spells them (they differ only on a sink that ignores case)
 * @param unwritten the table's own columns, which the pipeline does not write, in the table's order
 * @param upstream the pipeline's schema of the table
 * @param target the table as the sink describes it
 */
public record ExpansionPlan(
        TableId table,
        List<Difference> differences,
        @Nullable AddColumnEvent addColumns,
        @Nullable AlterColumnTypeEvent widenColumns,
        Schema adopted,
        List<Column> unwritten,
        Schema upstream,
        Schema target) {

    public ExpansionPlan {
        differences = List.copyOf(differences);
        unwritten = List.copyOf(unwritten);
    }

    /** The table holds every upstream column and the keys match: nothing to do. */
    public boolean compatible() {
        return differences.isEmpty();
    }

    /** Every difference is one a safe DDL removes. */
    public boolean repairable() {
        return differences.stream().allMatch(d -> d.reason().repairable());
    }

    /**
     * Whether the table cannot take the pipeline's rows as it is: a key column the rows do not
     * have, a key column of its own that keyed writes would miss, or a NOT NULL column no write
     * fills.
     */
    public boolean refusesEveryRow() {
        return differences.stream()
                .anyMatch(
                        d ->
                                d.reason() == Difference.Reason.MISSING_KEY_COLUMN
                                        || d.reason() == Difference.Reason.GENERATED_COLUMN
                                        || d.reason() == Difference.Reason.UNWRITTEN_KEY_COLUMN
                                        || d.reason() == Difference.Reason.UNWRITTEN_NOT_NULL);
    }

    public boolean keysDiffer() {
        return differences.stream().anyMatch(d -> d.reason() == Difference.Reason.PRIMARY_KEY);
    }

    /** The repairing DDL in the order it is issued: the add, then the widening. */
    public List<SchemaChangeEvent> ddl() {
        List<SchemaChangeEvent> ddl = new ArrayList<>(2);
        if (addColumns != null) {
            ddl.add(addColumns);
        }
        if (widenColumns != null) {
            ddl.add(widenColumns);
        }
        return ddl;
    }
}
