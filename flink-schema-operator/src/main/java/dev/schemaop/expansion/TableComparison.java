package dev.schemaop.expansion;

import dev.schemaop.api.UnwrittenColumns;
import dev.schemaop.expansion.Difference.Reason;
import dev.schemaop.types.Conversion;
import dev.schemaop.types.TypeWidening;
import dev.schemaop.types.ValueConverter;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Compares the pipeline's schema of a table with the schema of the existing sink table, and plans
 * the safe DDL (SPEC §6). Pure: the sink's answers (normalized types, case sensitivity) come in
 * through {@link SinkTableDescription}; nothing here touches the sink.
 *
 * <p>Compatible means: every upstream column has a target column (by the sink's case sensitivity)
 * whose type holds the upstream type, normalized for the sink, by §5; no nullable upstream column
 * meets a NOT NULL target column; the primary keys are equal, ignoring partition columns on both
 * sides; partition keys are compared only when the pipeline declares them. Decision: primary keys
 * are compared as sets of columns (the order of a key's columns does not change which rows are one
 * row).
 *
 * <p>Target columns the pipeline does not have (the table's own) are left out of the adopted
 * schema, so the sink's writers never name them: a database keeps their values and defaults (SPEC
 * §6, decision). They are a difference only when they would refuse every write: NOT NULL, and, on a
 * sink whose writes leave them out ({@link UnwrittenColumns#DEFAULT_OR_KEPT}), without a default.
 */
public final class TableComparison {
    private final TableId table;
    private final Schema upstream;
    private final Schema target;
    private final SinkTableDescription sink;
    private final Function<String, String> nameKey;

    private final List<Difference> differences = new ArrayList<>();
    private final List<AddColumnEvent.ColumnWithPosition> added = new ArrayList<>();
    private final Map<String, DataType> widened = new LinkedHashMap<>();
    private final Map<String, DataType> widenedFrom = new LinkedHashMap<>();

    private TableComparison(
            TableId table, Schema upstream, Schema target, SinkTableDescription sink) {
        this.table = table;
        this.upstream = upstream;
        this.target = target;
        this.sink = sink;
        this.nameKey = sink.caseSensitive() ? name -> name : name -> name.toLowerCase(Locale.ROOT);
    }

    public static ExpansionPlan compare(
            TableId table, Schema upstream, Schema target, SinkTableDescription sink) {
        return new TableComparison(table, upstream, target, sink).plan();
    }

    private ExpansionPlan plan() {
        reportNameClashes(upstream);
        reportNameClashes(target);
        Map<String, Column> targetColumns = new LinkedHashMap<>();
        target.getColumns().forEach(c -> targetColumns.putIfAbsent(nameKey.apply(c.getName()), c));
        Set<String> partitions = partitionColumns();
        Set<String> upstreamKey = keyColumns(upstream, partitions);
        Set<String> targetKey = keyColumns(target, partitions);
        for (Column column : upstream.getColumns()) {
            String key = nameKey.apply(column.getName());
            Column existing = targetColumns.get(key);
            boolean isKey =
                    upstreamKey.contains(key)
                            || targetKey.contains(key)
                            || partitions.contains(key)
                            || target.primaryKeys().stream().map(nameKey).anyMatch(key::equals);
            compareColumn(column, existing, isKey);
        }
        if (!upstreamKey.equals(targetKey)) {
            differences.add(
                    new Difference(
                            "("
                                    + String.join(", ", without(upstream.primaryKeys(), partitions))
                                    + ") vs ("
                                    + String.join(", ", without(target.primaryKeys(), partitions))
                                    + ")",
                            null,
                            null,
                            Reason.PRIMARY_KEY));
        }
        comparePartitionKeys();
        List<Column> unwritten = unwrittenColumns();
        Set<String> targetKeyColumns = new LinkedHashSet<>(targetKey);
        target.partitionKeys().stream().map(nameKey).forEach(targetKeyColumns::add);
        for (Column column : unwritten) {
            if (targetKeyColumns.contains(nameKey.apply(column.getName()))) {
                differences.add(
                        new Difference(
                                column.getName(),
                                null,
                                column.getType(),
                                Reason.UNWRITTEN_KEY_COLUMN));
            } else if (refusesWrites(column)) {
                differences.add(
                        new Difference(
                                column.getName(),
                                null,
                                column.getType(),
                                Reason.UNWRITTEN_NOT_NULL));
            }
        }
        return new ExpansionPlan(
                table,
                differences,
                added.isEmpty() ? null : new AddColumnEvent(table, added),
                widened.isEmpty() ? null : new AlterColumnTypeEvent(table, widened, widenedFrom),
                adoptedSchema(targetColumns, unwritten),
                unwritten,
                upstream,
                target);
    }

    /** The target's columns that no upstream column matches, in the target's order. */
    private List<Column> unwrittenColumns() {
        Set<String> written =
                upstream.getColumnNames().stream()
                        .map(nameKey)
                        .collect(Collectors.toCollection(LinkedHashSet::new));
        return target.getColumns().stream()
                .filter(c -> !written.contains(nameKey.apply(c.getName())))
                .toList();
    }

    /**
     * Whether the table computes the column and refuses a written value: a database's {@code
     * GENERATED ALWAYS} column (identity or expression), as its default describes it.
     */
    private static boolean isGenerated(Column column) {
        String value = column.getDefaultValueExpression();
        return value != null && value.toUpperCase(Locale.ROOT).startsWith("GENERATED ALWAYS");
    }

    /** Whether a column the pipeline does not write makes the sink refuse every row written. */
    private boolean refusesWrites(Column unwritten) {
        if (unwritten.getType().isNullable()) {
            return false;
        }
        return sink.unwrittenColumns() == UnwrittenColumns.WRITTEN_AS_NULL
                || unwritten.getDefaultValueExpression() == null;
    }

    private void compareColumn(Column column, Column existing, boolean isKey) {
        String name = column.getName();
        DataType wanted = sink.normalize(name, column.getType());
        if (existing == null) {
            if (isKey) {
                differences.add(new Difference(name, wanted, null, Reason.MISSING_KEY_COLUMN));
            } else {
                differences.add(new Difference(name, wanted, null, Reason.MISSING_COLUMN));
                added.add(
                        AddColumnEvent.last(
                                Column.physicalColumn(
                                        name, wanted.copy(true), column.getComment())));
            }
            return;
        }
        DataType has = existing.getType();
        if (isGenerated(existing)) {
            differences.add(new Difference(name, wanted, has, Reason.GENERATED_COLUMN));
            return;
        }
        if (column.getType().isNullable() && !has.isNullable()) {
            differences.add(new Difference(name, wanted, has, Reason.NULLABLE_INTO_NOT_NULL));
        }
        if (TypeWidening.isWidening(wanted.copy(true), has.copy(true))) {
            if (!carries(column.getType(), has)) {
                // The sink would store it converted; the pipeline, writing into the table as it
                // is, cannot convert the values: every one would be null.
                differences.add(new Difference(name, wanted, has, Reason.INCOMPATIBLE_TYPE));
            }
            return;
        }
        if (isKey) {
            differences.add(new Difference(name, wanted, has, Reason.KEY_COLUMN_TYPE));
            return;
        }
        Optional<DataType> wider = widerHoldingBoth(name, wanted, has);
        if (wider.isPresent() && carries(column.getType(), wider.get())) {
            String spelled = adoptedName(existing.getName(), name);
            differences.add(new Difference(name, wanted, has, Reason.NARROWER_TYPE));
            widened.put(spelled, wider.get().copy(has.isNullable()));
            widenedFrom.put(spelled, has);
        } else {
            differences.add(new Difference(name, wanted, has, Reason.INCOMPATIBLE_TYPE));
        }
    }

    /** Whether the pipeline can convert every value of {@code from} into {@code to} (SPEC §3). */
    private static boolean carries(DataType from, DataType to) {
        return ValueConverter.of(from, to).kind() != Conversion.Kind.NEVER;
    }

    /**
     * The table as the pipeline adopts it: the sink's columns that an upstream column matches, with
     * their types, in the table's order, and the table's keys; each column spelled as upstream
     * spells it. A sink that ignores case takes either spelling, and rows and later changes name
     * the upstream one. The table's own columns are left out: the writers never name them.
     */
    private Schema adoptedSchema(Map<String, Column> targetColumns, List<Column> unwritten) {
        Map<String, String> spelling = new LinkedHashMap<>();
        for (Column column : upstream.getColumns()) {
            Column existing = targetColumns.get(nameKey.apply(column.getName()));
            if (existing != null) {
                spelling.put(existing.getName(), adoptedName(existing.getName(), column.getName()));
            }
        }
        if (unwritten.isEmpty()
                && spelling.entrySet().stream().allMatch(e -> e.getKey().equals(e.getValue()))) {
            return target;
        }
        return Schema.newBuilder()
                .setColumns(
                        target.getColumns().stream()
                                .filter(c -> spelling.containsKey(c.getName()))
                                .map(c -> c.copy(spelling.get(c.getName())))
                                .toList())
                .primaryKey(written(target.primaryKeys(), spelling))
                .partitionKey(written(target.partitionKeys(), spelling))
                .options(target.options())
                .comment(target.comment())
                .build();
    }

    /**
     * The keys among the written columns, as upstream spells them. A key column the pipeline does
     * not write is a key difference (the start fails) unless create.table is excluded, where the
     * table is adopted whatever it holds and the key is what the rows can name.
     */
    private static List<String> written(List<String> keys, Map<String, String> spelling) {
        return keys.stream().filter(spelling::containsKey).map(spelling::get).toList();
    }

    private String adoptedName(String targetName, String upstreamName) {
        return sink.caseSensitive() ? targetName : upstreamName;
    }

    /**
     * The common wider type of both, as the sink would create it: its normalized form must still
     * hold both types, or the widening would not do what it promises.
     */
    private Optional<DataType> widerHoldingBoth(String column, DataType wanted, DataType has) {
        return TypeWidening.commonWiderType(wanted.copy(true), has.copy(true))
                .map(wider -> sink.normalize(column, wider).copy(true))
                .filter(
                        wider ->
                                TypeWidening.isWidening(wanted.copy(true), wider)
                                        && TypeWidening.isWidening(has.copy(true), wider));
    }

    /** Partition keys count only when the pipeline declares them (most sources do not). */
    private void comparePartitionKeys() {
        if (upstream.partitionKeys().isEmpty()) {
            return;
        }
        List<String> wanted = upstream.partitionKeys().stream().map(nameKey).toList();
        List<String> has = target.partitionKeys().stream().map(nameKey).toList();
        if (!wanted.equals(has)) {
            differences.add(
                    new Difference(
                            "("
                                    + String.join(", ", upstream.partitionKeys())
                                    + ") vs ("
                                    + String.join(", ", target.partitionKeys())
                                    + ")",
                            null,
                            null,
                            Reason.PARTITION_KEYS));
        }
    }

    private void reportNameClashes(Schema schema) {
        Map<String, List<String>> byKey =
                schema.getColumnNames().stream()
                        .collect(
                                Collectors.groupingBy(
                                        nameKey, LinkedHashMap::new, Collectors.toList()));
        byKey.values().stream()
                .filter(names -> names.size() > 1)
                .forEach(
                        names ->
                                differences.add(
                                        new Difference(
                                                String.join(", ", names),
                                                null,
                                                null,
                                                Reason.NAME_CLASH)));
    }

    /**
     * The partition columns of either side: a sink such as Paimon stores them in its primary key,
     * so keys are compared without them on both sides (SPEC §6).
     */
    private Set<String> partitionColumns() {
        Set<String> partitions = new LinkedHashSet<>();
        upstream.partitionKeys().stream().map(nameKey).forEach(partitions::add);
        target.partitionKeys().stream().map(nameKey).forEach(partitions::add);
        return partitions;
    }

    private Set<String> keyColumns(Schema schema, Set<String> partitions) {
        return without(schema.primaryKeys(), partitions).stream()
                .map(nameKey)
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private List<String> without(List<String> keys, Set<String> partitions) {
        return keys.stream().filter(key -> !partitions.contains(nameKey.apply(key))).toList();
    }
}
