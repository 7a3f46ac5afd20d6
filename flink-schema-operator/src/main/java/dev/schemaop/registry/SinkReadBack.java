package dev.schemaop.registry;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.behavior.SchemaChanges;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Whether a sink already has a change whose call a failure cut short: the applier may have changed
 * the table and failed (or the JobManager died) before its success was logged. Read from the sink's
 * own description of the table: the change is there when the table looks as it would after the
 * change and not as before, columns compared by name and type (in any order), with their
 * nullability and, for a sink that describes nullability its own way, without. A truncate leaves no
 * trace and is made again: it clears only rows that came before it, since the later ones wait for
 * its answer; so is a change of nullability alone on such a sink. The pipeline's types are compared
 * as the sink would store them ({@code normalizeToTargetDataType}): a TINYINT column reads back
 * from PostgreSQL as SMALLINT. Only the columns the pipeline knows of the table (before or after
 * the change) are compared: an adopted table keeps columns of its own, which the pipeline never
 * writes.
 */
final class SinkReadBack {
    private final ExistingTableSchemaExpansionSupport sink;
    private final TableId table;
    @Nullable private final Schema before;
    private final SchemaChangeEvent change;

    SinkReadBack(
            ExistingTableSchemaExpansionSupport sink,
            TableId table,
            @Nullable Schema before,
            SchemaChangeEvent change) {
        this.sink = sink;
        this.table = table;
        this.before = before;
        this.change = change;
    }

    /** Runs on the applier thread: it asks the sink. */
    boolean sinkHasIt() {
        if (change instanceof TruncateTableEvent) {
            return false;
        }
        Schema after = SchemaChanges.apply(before, change);
        Schema actual =
                sink.getExistingTableSchema(table)
                        .map(a -> onlyKnown(a, before, after, sink.isColumnNameCaseSensitive()))
                        .orElse(null);
        if (actual == null) {
            return hasIt(null, before, after);
        }
        return hasIt(
                actual,
                asStored(sink, table, before, actual),
                asStored(sink, table, after, actual));
    }

    /** The schema with each column's type as the sink would store it; nullability kept. */
    @Nullable
    private static Schema asStored(
            ExistingTableSchemaExpansionSupport sink,
            TableId table,
            @Nullable Schema schema,
            Schema actual) {
        if (schema == null) {
            return null;
        }
        List<Column> columns = new ArrayList<>();
        for (Column column : schema.getColumns()) {
            DataType type = column.getType();
            DataType stored =
                    sink.normalizeToTargetDataType(table, column.getName(), type, actual)
                            .copy(type.isNullable());
            columns.add(column.copy(stored));
        }
        return schema.copy(columns);
    }

    /**
     * Whether the sink's table looks exactly as {@code before} (types as the sink stores them,
     * nullability compared or, for a sink that describes it its own way, not): a failed call left
     * it untouched. Runs on the applier thread.
     */
    static boolean looksAsBefore(
            ExistingTableSchemaExpansionSupport sink,
            TableId table,
            @Nullable Schema before,
            SchemaChangeEvent change) {
        Schema after = before == null ? null : afterOrNull(before, change);
        Schema actual =
                sink.getExistingTableSchema(table)
                        .map(a -> onlyKnown(a, before, after, sink.isColumnNameCaseSensitive()))
                        .orElse(null);
        if (actual == null || before == null) {
            return actual == null && before == null;
        }
        Schema expected = asStored(sink, table, before, actual);
        return shape(actual, true).equals(shape(expected, true))
                || shape(actual, false).equals(shape(expected, false));
    }

    /** The schema after the change, or null when it does not apply (a failed create's before). */
    @Nullable
    private static Schema afterOrNull(Schema before, SchemaChangeEvent change) {
        try {
            return SchemaChanges.apply(before, change);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The sink's table with only the columns named by {@code before} or {@code after}, names
     * compared by the sink's case rules.
     */
    private static Schema onlyKnown(
            Schema actual, @Nullable Schema before, @Nullable Schema after, boolean caseSensitive) {
        Function<String, String> key =
                caseSensitive ? name -> name : name -> name.toLowerCase(Locale.ROOT);
        Set<String> known = new HashSet<>();
        for (Schema schema : new Schema[] {before, after}) {
            if (schema != null) {
                schema.getColumnNames().stream().map(key).forEach(known::add);
            }
        }
        List<Column> columns =
                actual.getColumns().stream()
                        .filter(c -> known.contains(key.apply(c.getName())))
                        .toList();
        return columns.size() == actual.getColumnCount() ? actual : actual.copy(columns);
    }

    static boolean hasIt(@Nullable Schema actual, @Nullable Schema before, @Nullable Schema after) {
        return changed(actual, before, after, true) || changed(actual, before, after, false);
    }

    /**
     * Whether the table looks as after and not as before, nullability compared or not: a sink that
     * describes nullability as the pipeline does shows a change of it, one that describes it its
     * own way still shows every other change.
     */
    private static boolean changed(
            @Nullable Schema actual,
            @Nullable Schema before,
            @Nullable Schema after,
            boolean nullability) {
        String now = shape(actual, nullability);
        return now.equals(shape(after, nullability)) && !now.equals(shape(before, nullability));
    }

    private static String shape(@Nullable Schema schema, boolean nullability) {
        if (schema == null) {
            return "no table";
        }
        // By name, not position: a sink that cannot place a column (PostgreSQL) adds it last.
        List<Column> columns = schema.getColumns();
        return columns.stream()
                .sorted(Comparator.comparing(Column::getName))
                .map(
                        c ->
                                c.getName()
                                        + " "
                                        + (nullability ? c.getType() : c.getType().copy(true))
                                                .asSerializableString())
                .collect(Collectors.joining(", "));
    }
}
