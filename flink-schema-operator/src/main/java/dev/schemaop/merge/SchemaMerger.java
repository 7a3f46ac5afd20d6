package dev.schemaop.merge;

import dev.schemaop.types.TypeWidening;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AddColumnEvent.ColumnWithPosition;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Merging schemas by column name with SPEC §5's common wider types: the changes that make an
 * existing sink table hold an upstream schema, for a sink table several routed source tables share
 * (§7, {@link #planToMerge}) and for a create.table of a table the sink already has (§3, {@link
 * #planToHold}). Pure functions: nothing narrows, nothing is dropped or renamed.
 */
public final class SchemaMerger {

    private SchemaMerger() {}

    /**
     * The events that make {@code sinkSchema} hold every column of {@code upstreamSchema}: one
     * AddColumnEvent with the missing columns (nullable, at the end, in upstream order), then one
     * AlterColumnTypeEvent widening the columns whose sink type does not hold the upstream type to
     * their common wider type, and making nullable the NOT NULL sink columns that the upstream
     * schema lacks (its rows carry null there), old types included. Key columns and columns without
     * a common wider type are left as they are; see {@link #planToHold} for them.
     */
    public static List<SchemaChangeEvent> eventsToHold(
            TableId sinkTable, Schema sinkSchema, Schema upstreamSchema) {
        return planToHold(sinkTable, sinkSchema, upstreamSchema).events();
    }

    /** {@link #eventsToHold}, plus the columns that those events leave unresolved, and why. */
    public static HoldPlan planToHold(TableId sinkTable, Schema sinkSchema, Schema upstreamSchema) {
        return plan(sinkTable, sinkSchema, upstreamSchema, false);
    }

    /**
     * What makes a sink table that several routed source tables share hold one more of them (SPEC
     * §7): as {@link #planToHold}, and a non-key column whose two types have no common wider type
     * becomes STRING, as Flink CDC's schema merging does, so that every value of both is kept as
     * its text. Key columns are never changed: a key column whose type differs from the other
     * table's (whichever came first), or that the other table lacks, is left in {@link
     * HoldPlan#keyColumns()}, for the caller to refuse.
     */
    public static HoldPlan planToMerge(
            TableId sinkTable, Schema sinkSchema, Schema upstreamSchema) {
        return plan(sinkTable, sinkSchema, upstreamSchema, true);
    }

    private static HoldPlan plan(
            TableId sinkTable, Schema sinkSchema, Schema upstreamSchema, boolean merging) {
        List<ColumnWithPosition> missing = new ArrayList<>();
        Map<String, DataType> widened = new LinkedHashMap<>();
        Map<String, DataType> oldTypes = new LinkedHashMap<>();
        List<TypeDifference> keyColumns = new ArrayList<>();
        List<TypeDifference> notWidenable = new ArrayList<>();
        for (Column upstream : upstreamSchema.getColumns()) {
            Optional<Column> sink = sinkSchema.getColumn(upstream.getName());
            if (sink.isEmpty()) {
                missing.add(AddColumnEvent.last(upstream.copy(upstream.getType().nullable())));
                continue;
            }
            DataType sinkType = sink.get().getType();
            boolean key = isKey(sinkSchema, upstream.getName());
            if (key && merging) {
                // keys are never widened: every merged table's key must have the sink key's type,
                // whichever table came first
                if (!sinkType.copy(true).equals(upstream.getType().copy(true))) {
                    keyColumns.add(
                            new TypeDifference(upstream.getName(), sinkType, upstream.getType()));
                }
                continue;
            }
            if (TypeWidening.isWidening(upstream.getType(), sinkType)) {
                continue;
            }
            TypeDifference difference =
                    new TypeDifference(upstream.getName(), sinkType, upstream.getType());
            Optional<DataType> wider = TypeWidening.commonWiderType(sinkType, upstream.getType());
            if (key) {
                keyColumns.add(difference);
            } else if (wider.isEmpty() && merging && isString(sinkType)) {
                // already merged into STRING: its values go as text; it only may have to accept
                // nulls
                if (!sinkType.isNullable() && upstream.getType().isNullable()) {
                    widened.put(upstream.getName(), sinkType.nullable());
                    oldTypes.put(upstream.getName(), sinkType);
                }
            } else if (wider.isEmpty() && merging) {
                boolean nullable = sinkType.isNullable() || upstream.getType().isNullable();
                widened.put(upstream.getName(), DataTypes.STRING().copy(nullable));
                oldTypes.put(upstream.getName(), sinkType);
            } else if (wider.isEmpty()) {
                notWidenable.add(difference);
            } else {
                widened.put(upstream.getName(), wider.get());
                oldTypes.put(upstream.getName(), sinkType);
            }
        }
        if (merging) {
            // rows without the sink's key could not be written
            for (String key : sinkSchema.primaryKeys()) {
                if (upstreamSchema.getColumn(key).isEmpty()) {
                    sinkSchema
                            .getColumn(key)
                            .ifPresent(
                                    c ->
                                            keyColumns.add(
                                                    new TypeDifference(key, c.getType(), null)));
                }
            }
        }
        // A sink column the upstream rows lack receives null from them: it cannot stay NOT NULL.
        for (Column sink : sinkSchema.getColumns()) {
            if (upstreamSchema.getColumn(sink.getName()).isEmpty()
                    && !sink.getType().isNullable()
                    && !isKey(sinkSchema, sink.getName())) {
                widened.put(sink.getName(), sink.getType().nullable());
                oldTypes.put(sink.getName(), sink.getType());
            }
        }
        List<SchemaChangeEvent> events = new ArrayList<>();
        if (!missing.isEmpty()) {
            events.add(new AddColumnEvent(sinkTable, missing));
        }
        if (!widened.isEmpty()) {
            events.add(new AlterColumnTypeEvent(sinkTable, widened, oldTypes));
        }
        return new HoldPlan(events, keyColumns, notWidenable);
    }

    private static boolean isString(DataType type) {
        return type.copy(true).equals(DataTypes.STRING());
    }

    private static boolean isKey(Schema schema, String column) {
        return schema.primaryKeys().contains(column) || schema.partitionKeys().contains(column);
    }
}
