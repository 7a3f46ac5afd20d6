package dev.schemaop.expansion;

import dev.schemaop.expansion.Difference.Reason;
import dev.schemaop.types.TypeWidening;

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
 * row). Target columns the pipeline does not have are not differences: rows carry null there.
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
        Set<String> upstreamKey = keyColumns(upstream);
        for (Column column : upstream.getColumns()) {
            Column existing = targetColumns.get(nameKey.apply(column.getName()));
            compareColumn(column, existing, upstreamKey.contains(nameKey.apply(column.getName())));
        }
        comparePrimaryKeys(upstreamKey);
        comparePartitionKeys();
        return new ExpansionPlan(
                table,
                differences,
                added.isEmpty() ? null : new AddColumnEvent(table, added),
                widened.isEmpty() ? null : new AlterColumnTypeEvent(table, widened, widenedFrom));
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
        if (wanted.isNullable() && !has.isNullable()) {
            differences.add(new Difference(name, wanted, has, Reason.NULLABLE_INTO_NOT_NULL));
        }
        if (TypeWidening.isWidening(wanted.copy(true), has.copy(true))) {
            return;
        }
        if (isKey) {
            differences.add(new Difference(name, wanted, has, Reason.KEY_COLUMN_TYPE));
            return;
        }
        Optional<DataType> wider = widerHoldingBoth(name, wanted, has);
        if (wider.isPresent()) {
            differences.add(new Difference(name, wanted, has, Reason.NARROWER_TYPE));
            widened.put(existing.getName(), wider.get().copy(has.isNullable()));
            widenedFrom.put(existing.getName(), has);
        } else {
            differences.add(new Difference(name, wanted, has, Reason.INCOMPATIBLE_TYPE));
        }
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

    private void comparePrimaryKeys(Set<String> upstreamKey) {
        Set<String> targetKey = keyColumns(target);
        if (!upstreamKey.equals(targetKey)) {
            differences.add(
                    new Difference(
                            "("
                                    + String.join(", ", withoutPartitions(upstream))
                                    + ") vs ("
                                    + String.join(", ", withoutPartitions(target))
                                    + ")",
                            null,
                            null,
                            Reason.PRIMARY_KEY));
        }
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

    /** The primary key's columns without the partition columns, by the sink's case rules. */
    private Set<String> keyColumns(Schema schema) {
        return withoutPartitions(schema).stream()
                .map(nameKey)
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private List<String> withoutPartitions(Schema schema) {
        Set<String> partitions =
                schema.partitionKeys().stream().map(nameKey).collect(Collectors.toSet());
        return schema.primaryKeys().stream()
                .filter(key -> !partitions.contains(nameKey.apply(key)))
                .toList();
    }
}
