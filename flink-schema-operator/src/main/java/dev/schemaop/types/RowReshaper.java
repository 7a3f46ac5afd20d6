package dev.schemaop.types;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Moves rows of one schema onto another by column name (SPEC §3, "Rows"), after a change was
 * skipped or converted, after route merging, or onto an existing sink table.
 *
 * <ul>
 *   <li>A target column with no source column is null.
 *   <li>A source column reaches the target column of the same name, or of its new name in {@code
 *       renamedColumns}; its value goes through {@link ValueConverter}. A non-null value that
 *       cannot be converted exactly becomes null and is reported as {@link
 *       DiscardReason#CONVERSION_FAILED}.
 *   <li>A non-null value of a source column that the target lacks is reported as {@link
 *       DiscardReason#NOT_IN_TARGET}.
 *   <li>Decision: null is written into a NOT NULL target column as well (the sink decides what to
 *       do with it; the reshaper never throws on data) and reported as {@link
 *       DiscardReason#NULL_INTO_NOT_NULL}, unless the null came from a failed conversion, which is
 *       already reported. So each value is reported at most once.
 *   <li>Other nulls are never reported: nothing was lost.
 * </ul>
 *
 * <p>Everything is decided in {@link #between}; {@link #reshape} only loops over precomputed
 * getters and conversions. When the schemas have the same columns (names and types, nullability
 * aside) and no column becomes NOT NULL, the reshaper is the {@link #isIdentity() identity} and
 * returns its input row as is.
 *
 * <p>Not thread-safe: like the {@link BinaryRecordDataGenerator} it owns, an instance belongs to
 * one task thread.
 */
public final class RowReshaper {

    private final boolean identity;
    private final DiscardListener listener;

    // Per target column; getter and conversion are null when no source column feeds it.
    private final RecordData.FieldGetter[] getters;
    private final Conversion[] conversions;
    private final String[] sourceNames;
    private final String[] targetNames;
    private final boolean[] notNull;

    // Source columns that the target lacks: only their null bits are read.
    private final int[] droppedPositions;
    private final String[] droppedNames;

    private final BinaryRecordDataGenerator generator;
    private final Object[] values;

    /** Chooses how values of a source column become values of its target column. */
    private final BiFunction<DataType, DataType, Conversion> converter;

    private RowReshaper(
            Schema from,
            Schema to,
            Map<String, String> renames,
            Map<String, String> keyFeeds,
            Set<String> droppedBySink,
            DiscardListener listener,
            BiFunction<DataType, DataType, Conversion> converter) {
        this.listener = Objects.requireNonNull(listener, "listener");
        this.converter = converter;
        List<Column> targetColumns = to.getColumns();
        int arity = targetColumns.size();
        this.getters = new RecordData.FieldGetter[arity];
        this.conversions = new Conversion[arity];
        this.sourceNames = new String[arity];
        this.targetNames = new String[arity];
        this.notNull = new boolean[arity];
        this.values = new Object[arity];

        Map<String, Integer> targetPositions = new HashMap<>();
        for (int i = 0; i < arity; i++) {
            Column column = targetColumns.get(i);
            targetNames[i] = column.getName();
            notNull[i] = !column.getType().isNullable();
            targetPositions.put(column.getName(), i);
        }

        List<Integer> dropped = new ArrayList<>();
        List<Column> sourceColumns = from.getColumns();
        for (int s = 0; s < sourceColumns.size(); s++) {
            Column source = sourceColumns.get(s);
            String targetName = renames.getOrDefault(source.getName(), source.getName());
            Integer t = targetPositions.get(targetName);
            if (t == null) {
                if (!droppedBySink.contains(targetName)
                        && !keyFeeds.containsValue(source.getName())) {
                    dropped.add(s);
                }
            } else {
                wire(s, source, t, targetColumns.get(t).getType());
            }
        }
        keyFeeds.forEach(
                (target, source) -> {
                    int s = from.getColumnNames().indexOf(source);
                    Integer t = targetPositions.get(target);
                    if (s >= 0 && t != null) {
                        wire(s, sourceColumns.get(s), t, targetColumns.get(t).getType());
                    }
                });
        this.droppedPositions = dropped.stream().mapToInt(Integer::intValue).toArray();
        this.droppedNames =
                dropped.stream().map(s -> sourceColumns.get(s).getName()).toArray(String[]::new);
        this.identity = keyFeeds.isEmpty() && isIdentity(from, to, renames);
        this.generator =
                new BinaryRecordDataGenerator(to.getColumnDataTypes().toArray(new DataType[0]));
    }

    /**
     * Plans the reshaping of rows of {@code from} onto {@code to}.
     *
     * @param renamedColumns old source column name to its name in {@code to}; may be empty. Names
     *     that are not source columns are ignored.
     * @throws IllegalArgumentException when two source columns would feed the same target column
     */
    public static RowReshaper between(
            Schema from, Schema to, Map<String, String> renamedColumns, DiscardListener listener) {
        return new RowReshaper(
                from,
                to,
                Map.copyOf(renamedColumns),
                Map.of(),
                Set.of(),
                listener,
                ValueConverter::of);
    }

    /**
     * Plans moving rows of an upstream table onto its sink table by column name, with sink key
     * columns that a behavior kept under an old name filled from their upstream column's new name
     * as well (SPEC §7, "Key columns"): the new name feeds its own column too, when the sink has
     * one.
     *
     * @param keyFeeds sink key column to the upstream column that fills it; names that are not
     *     columns of either schema are ignored
     */
    public static RowReshaper ontoSink(
            Schema from, Schema to, Map<String, String> keyFeeds, DiscardListener listener) {
        return new RowReshaper(
                from, to, Map.of(), Map.copyOf(keyFeeds), Set.of(), listener, ValueConverter::of);
    }

    /**
     * Plans bringing rows of an older version of a sink table across the changes the sink applied
     * since ({@code from} and {@code to} are two versions of one sink table): the values convert as
     * the sink converted those it stored, text into a number or date column included (SPEC §3, see
     * {@link ValueConverter#acrossAppliedChange}). A value of a column the sink dropped in between
     * goes as the drop removed it from the stored rows: that is not a discarded value.
     *
     * @param droppedColumns the columns the sink dropped between the two versions, by their names
     *     after {@code renamedColumns}
     */
    public static RowReshaper acrossAppliedChanges(
            Schema from,
            Schema to,
            Map<String, String> renamedColumns,
            Set<String> droppedColumns,
            DiscardListener listener) {
        return new RowReshaper(
                from,
                to,
                Map.copyOf(renamedColumns),
                Map.of(),
                Set.copyOf(droppedColumns),
                listener,
                ValueConverter::acrossAppliedChange);
    }

    /** Whether {@link #reshape} returns its input unchanged. */
    public boolean isIdentity() {
        return identity;
    }

    /**
     * The row in the target's shape: the input itself when {@link #isIdentity()}, otherwise a new
     * {@code BinaryRecordData} of the target's column types. Discarded values are reported to the
     * listener before this returns.
     */
    public RecordData reshape(RecordData row) {
        if (identity) {
            return row;
        }
        for (int i = 0; i < droppedPositions.length; i++) {
            if (!row.isNullAt(droppedPositions[i])) {
                listener.discarded(droppedNames[i], DiscardReason.NOT_IN_TARGET);
            }
        }
        for (int i = 0; i < values.length; i++) {
            values[i] = valueFor(i, row);
        }
        return generator.generate(values);
    }

    private Object valueFor(int target, RecordData row) {
        Object value =
                getters[target] == null
                        ? null
                        : conversions[target].convert(getters[target].getFieldOrNull(row));
        if (value == Conversion.FAILED) {
            listener.discarded(sourceNames[target], DiscardReason.CONVERSION_FAILED);
            return null;
        }
        if (value == null && notNull[target]) {
            listener.discarded(targetNames[target], DiscardReason.NULL_INTO_NOT_NULL);
        }
        return value;
    }

    private void wire(int sourcePosition, Column source, int target, DataType targetType) {
        if (getters[target] != null) {
            throw new IllegalArgumentException(
                    String.format(
                            "Source columns '%s' and '%s' both map to target column '%s'; check the"
                                    + " renamed columns.",
                            sourceNames[target], source.getName(), targetNames[target]));
        }
        // Read through the nullable type: a source that breaks its own NOT NULL still reads as
        // null.
        getters[target] = RecordData.createFieldGetter(source.getType().copy(true), sourcePosition);
        conversions[target] = converter.apply(source.getType(), targetType);
        sourceNames[target] = source.getName();
    }

    /** Same names and types in the same order (nullability may only relax), no effective rename. */
    private static boolean isIdentity(Schema from, Schema to, Map<String, String> renames) {
        List<Column> source = from.getColumns();
        List<Column> target = to.getColumns();
        if (source.size() != target.size()) {
            return false;
        }
        for (int i = 0; i < source.size(); i++) {
            DataType sourceType = source.get(i).getType();
            DataType targetType = target.get(i).getType();
            String name = source.get(i).getName();
            boolean same =
                    name.equals(target.get(i).getName())
                            && renames.getOrDefault(name, name).equals(name)
                            && sourceType.copy(true).equals(targetType.copy(true))
                            && (targetType.isNullable() || !sourceType.isNullable());
            if (!same) {
                return false;
            }
        }
        return true;
    }
}
