package dev.schemaop.behavior;

import dev.schemaop.merge.TypeDifference;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A schema change the pipeline refuses before any DDL, a decision that a restart would make again:
 * one that {@code pipeline.schema.change.behavior: exception} forbids (the message names the table,
 * shows the sink schema before and after the change side by side, and names the options that would
 * let the change through, SPEC §3, §9), or one that no behavior can follow without losing rows (key
 * columns, SPEC §7).
 */
public class SchemaChangeRejectedException extends RuntimeException {
    private final TableId tableId;
    private final SchemaChangeEvent change;

    SchemaChangeRejectedException(
            SchemaChangeEvent change, @Nullable Schema current, @Nullable Schema afterChange) {
        this(change, message(change, current, afterChange));
    }

    private SchemaChangeRejectedException(SchemaChangeEvent change, String message) {
        super(message);
        this.tableId = change.tableId();
        this.change = change;
    }

    /**
     * A change that would leave a key column of the sink table that rows no longer fill, or that
     * the sink's writers cannot follow (SPEC §7, "Key columns"); {@code why} says which.
     */
    static SchemaChangeRejectedException keyColumns(
            SchemaChangeEvent change, TableId sinkTable, List<String> key, String why) {
        return new SchemaChangeRejectedException(
                change,
                String.format(
                        "Schema change %s of table %s is refused before any DDL: %s (primary key"
                                + " of %s: %s). Keep the key columns in the source table, or"
                                + " route the table to a new sink table whose key the rows"
                                + " fill.",
                        change.getType().getTag(),
                        change.tableId(),
                        why,
                        sinkTable,
                        String.join(", ", key)));
    }

    /**
     * A table routed into a sink table that other tables share, whose key column types the sink
     * table's key columns do not hold (SPEC §7): keys are never widened (§5), so rows whose key the
     * column cannot hold would be lost. Refused under every behavior, before any DDL.
     */
    public static SchemaChangeRejectedException keyColumnsOfMergedTables(
            SchemaChangeEvent change,
            TableId sinkTable,
            Collection<TableId> sources,
            List<TypeDifference> keyColumns) {
        List<String> others =
                sources.stream()
                        .filter(s -> !s.equals(change.tableId()))
                        .map(Object::toString)
                        .toList();
        String columns =
                keyColumns.stream()
                        .map(
                                d ->
                                        String.format(
                                                "%s is %s in the sink table and %s in %s",
                                                d.column(),
                                                d.sinkType(),
                                                d.upstreamType() == null
                                                        ? "missing"
                                                        : d.upstreamType(),
                                                change.tableId()))
                        .collect(Collectors.joining("; "));
        return new SchemaChangeRejectedException(
                change,
                String.format(
                        "Table %s is routed into sink table %s, which %s also feed%s, but the"
                                + " sink table's key does not hold its key: %s. Key columns are"
                                + " never widened or merged, since rows whose key the column"
                                + " cannot hold would be lost. Route the tables into separate"
                                + " sink tables, or create %s first with key columns that hold"
                                + " every table's keys.",
                        change.tableId(),
                        sinkTable,
                        String.join(", ", others),
                        others.size() == 1 ? "s" : "",
                        columns,
                        sinkTable));
    }

    /** The sink table the change was addressed to. */
    public TableId tableId() {
        return tableId;
    }

    /** The rejected change. */
    public SchemaChangeEvent change() {
        return change;
    }

    private static String message(
            SchemaChangeEvent change, @Nullable Schema current, @Nullable Schema afterChange) {
        String tag = change.getType().getTag();
        return String.format(
                "Schema change %s of table %s is rejected: pipeline.schema.change.behavior is"
                        + " exception, which applies no schema change but create.table.\n"
                        + "Change: %s\n"
                        + "%s"
                        + "To let it through, set pipeline.schema.change.behavior: evolve (or"
                        + " lenient), or exclude %s in the sink block with"
                        + " exclude.schema.changes: [%s].",
                tag, change.tableId(), change, SideBySide.render(current, afterChange), tag, tag);
    }
}
