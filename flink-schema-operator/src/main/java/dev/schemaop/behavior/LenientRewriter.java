package dev.schemaop.behavior;

import dev.schemaop.types.TypeWidening;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AddColumnEvent.ColumnWithPosition;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * LENIENT for the four column changes (SPEC §3): nothing the sink holds is dropped, renamed away or
 * narrowed, so no data is lost. Each rule reads the sink's current schema; a missing sink table
 * reads as a table without columns.
 *
 * <ul>
 *   <li>add.column: new columns are added nullable at the end; a column the sink already holds is
 *       skipped; a column the sink has with a type that does not hold it is an alter.column.type of
 *       that column.
 *   <li>alter.column.type: widened to the common wider type (§5) if there is one, else applied as
 *       is under explicit-cast, else converted: the old column is renamed {@code <name>_<old type
 *       root>} (made nullable first when it is NOT NULL, since it receives no more values) and
 *       {@code <name>} is added with the new type, nullable, at the end. A conversion reaches the
 *       sink whole or not at all. A column the sink lacks is added. Key columns are never changed.
 *   <li>rename.column a to b: b is added with a's type, nullable, at the end; a becomes nullable.
 *       On a sink whose column names ignore case, a and b that differ only in case are one column
 *       there: adding b would clash with a, so the column is renamed in place, which keeps every
 *       value it holds.
 *   <li>drop.column: the column stays; it becomes nullable if it is NOT NULL.
 * </ul>
 */
final class LenientRewriter {
    private static final Schema NO_COLUMNS = Schema.newBuilder().build();

    private final boolean explicitCast;
    private final boolean caseSensitiveNames;

    LenientRewriter(boolean explicitCast, boolean caseSensitiveNames) {
        this.explicitCast = explicitCast;
        this.caseSensitiveNames = caseSensitiveNames;
    }

    /** Whether this rewriter handles the change; table-level changes it does not. */
    static boolean rewrites(SchemaChangeEvent change) {
        return change instanceof AddColumnEvent
                || change instanceof AlterColumnTypeEvent
                || change instanceof RenameColumnEvent
                || change instanceof DropColumnEvent;
    }

    void rewrite(SchemaChangeEvent change, @Nullable Schema sinkOrNull, Derivation.Plan plan) {
        Schema sink = sinkOrNull == null ? NO_COLUMNS : sinkOrNull;
        Set<String> taken = new HashSet<>(sink.getColumnNames());
        if (change instanceof AddColumnEvent) {
            addColumns((AddColumnEvent) change, sink, plan, taken);
        } else if (change instanceof AlterColumnTypeEvent) {
            AlterColumnTypeEvent alter = (AlterColumnTypeEvent) change;
            alterTypes(alter.tableId(), alter.getTypeMapping(), sink, plan, taken);
        } else if (change instanceof RenameColumnEvent) {
            renameColumns((RenameColumnEvent) change, sink, plan, taken);
        } else if (change instanceof DropColumnEvent) {
            dropColumns((DropColumnEvent) change, sink, plan);
        } else {
            throw new IllegalArgumentException("Not a column change: " + change);
        }
    }

    private void addColumns(
            AddColumnEvent add, Schema sink, Derivation.Plan plan, Set<String> taken) {
        TableId table = add.tableId();
        List<ColumnWithPosition> added = new ArrayList<>();
        Map<String, DataType> retyped = new LinkedHashMap<>();
        for (ColumnWithPosition position : add.getAddedColumns()) {
            Column column = position.getAddColumn();
            Optional<Column> existing = sink.getColumn(column.getName());
            if (existing.isEmpty()) {
                added.add(AddColumnEvent.last(column.copy(column.getType().nullable())));
                taken.add(column.getName());
            } else if (holds(existing.get().getType(), column.getType())) {
                plan.skip(new AddColumnEvent(table, List.of(position)), SkipReason.ALREADY_PRESENT);
            } else {
                retyped.put(column.getName(), column.getType());
            }
        }
        plan.group(addEvent(table, added));
        alterTypes(table, retyped, sink, plan, taken);
    }

    private void alterTypes(
            TableId table,
            Map<String, DataType> newTypes,
            Schema sink,
            Derivation.Plan plan,
            Set<String> taken) {
        TypeChanges changed = new TypeChanges();
        List<ColumnWithPosition> missing = new ArrayList<>();
        Conversion conversion = new Conversion();
        for (Map.Entry<String, DataType> entry : newTypes.entrySet()) {
            String name = entry.getKey();
            DataType newType = entry.getValue();
            Optional<Column> column = sink.getColumn(name);
            if (column.isEmpty()) {
                missing.add(AddColumnEvent.last(Column.physicalColumn(name, newType.nullable())));
                taken.add(name);
                continue;
            }
            DataType sinkType = column.get().getType();
            Optional<DataType> wider = TypeWidening.commonWiderType(sinkType, newType);
            if (holds(sinkType, newType)) {
                plan.skip(alterEvent(table, name, newType, sinkType), SkipReason.ALREADY_PRESENT);
            } else if (isKey(sink, name)) {
                plan.skip(alterEvent(table, name, newType, sinkType), SkipReason.KEY_COLUMN);
            } else if (wider.isPresent()) {
                changed.put(name, wider.get(), sinkType);
            } else if (explicitCast) {
                changed.put(name, newType, sinkType);
            } else {
                conversion.convert(column.get(), newType, taken);
            }
        }
        plan.group(changed.events(table));
        plan.group(addEvent(table, missing));
        plan.group(conversion.events(table));
    }

    private void renameColumns(
            RenameColumnEvent rename, Schema sink, Derivation.Plan plan, Set<String> taken) {
        TableId table = rename.tableId();
        List<ColumnWithPosition> added = new ArrayList<>();
        TypeChanges nullable = new TypeChanges();
        for (Map.Entry<String, String> entry : rename.getNameMapping().entrySet()) {
            String from = entry.getKey();
            String to = entry.getValue();
            RenameColumnEvent slice = new RenameColumnEvent(table, Map.of(from, to));
            Optional<Column> old = sink.getColumn(from);
            if (old.isEmpty()) {
                plan.skip(slice, SkipReason.ALREADY_PRESENT);
                continue;
            }
            if (!caseSensitiveNames && !from.equals(to) && from.equalsIgnoreCase(to)) {
                plan.single(slice);
                taken.add(to);
                continue;
            }
            DataType type = old.get().getType();
            boolean addsNewName = taken.add(to);
            if (addsNewName) {
                added.add(AddColumnEvent.last(old.get().copy(to).copy(type.nullable())));
            }
            if (!type.isNullable() && isKey(sink, from)) {
                plan.skip(alterEvent(table, from, type.nullable(), type), SkipReason.KEY_COLUMN);
            } else if (!type.isNullable()) {
                nullable.put(from, type.nullable(), type);
            } else if (!addsNewName) {
                plan.skip(slice, SkipReason.ALREADY_PRESENT);
            }
        }
        plan.group(addEvent(table, added));
        plan.group(nullable.events(table));
    }

    private void dropColumns(DropColumnEvent drop, Schema sink, Derivation.Plan plan) {
        TableId table = drop.tableId();
        TypeChanges nullable = new TypeChanges();
        for (String name : drop.getDroppedColumnNames()) {
            Optional<DataType> type = sink.getColumn(name).map(Column::getType);
            if (type.isEmpty() || type.get().isNullable()) {
                plan.skip(new DropColumnEvent(table, List.of(name)), SkipReason.ALREADY_PRESENT);
            } else if (isKey(sink, name)) {
                plan.skip(
                        alterEvent(table, name, type.get().nullable(), type.get()),
                        SkipReason.KEY_COLUMN);
            } else {
                nullable.put(name, type.get().nullable(), type.get());
            }
        }
        plan.group(nullable.events(table));
    }

    /** Whether a sink column of {@code sinkType} already holds every value of {@code newType}. */
    private static boolean holds(DataType sinkType, DataType newType) {
        return TypeWidening.isWidening(newType, sinkType);
    }

    private static boolean isKey(Schema sink, String column) {
        return sink.primaryKeys().contains(column) || sink.partitionKeys().contains(column);
    }

    private static List<SchemaChangeEvent> addEvent(TableId table, List<ColumnWithPosition> added) {
        return added.isEmpty() ? List.of() : List.of(new AddColumnEvent(table, added));
    }

    private static AlterColumnTypeEvent alterEvent(
            TableId table, String column, DataType newType, DataType oldType) {
        return new AlterColumnTypeEvent(table, Map.of(column, newType), Map.of(column, oldType));
    }

    /** Column type changes that travel in one AlterColumnTypeEvent, old types included. */
    private static final class TypeChanges {
        private final Map<String, DataType> newTypes = new LinkedHashMap<>();
        private final Map<String, DataType> oldTypes = new LinkedHashMap<>();

        void put(String column, DataType newType, DataType oldType) {
            newTypes.put(column, newType);
            oldTypes.put(column, oldType);
        }

        List<SchemaChangeEvent> events(TableId table) {
            return newTypes.isEmpty()
                    ? List.of()
                    : List.of(new AlterColumnTypeEvent(table, newTypes, oldTypes));
        }
    }

    /**
     * Lossy type changes turned into "keep the old column under another name, add the new one":
     * [make the old columns nullable], rename them, add the new ones. One group: all or nothing.
     */
    private static final class Conversion {
        private final TypeChanges nullable = new TypeChanges();
        private final Map<String, String> renames = new LinkedHashMap<>();
        private final List<ColumnWithPosition> added = new ArrayList<>();

        void convert(Column old, DataType newType, Set<String> taken) {
            DataType oldType = old.getType();
            if (!oldType.isNullable()) {
                nullable.put(old.getName(), oldType.nullable(), oldType);
            }
            String root = oldType.getTypeRoot().name().toLowerCase(Locale.ROOT);
            String keptAs = freeName(old.getName() + "_" + root, taken);
            taken.add(keptAs);
            renames.put(old.getName(), keptAs);
            added.add(
                    AddColumnEvent.last(
                            Column.physicalColumn(
                                    old.getName(), newType.nullable(), old.getComment())));
        }

        List<SchemaChangeEvent> events(TableId table) {
            if (renames.isEmpty()) {
                return List.of();
            }
            List<SchemaChangeEvent> events = new ArrayList<>(nullable.events(table));
            events.add(new RenameColumnEvent(table, renames));
            events.add(new AddColumnEvent(table, added));
            return events;
        }

        /** {@code base}, or {@code base_2}, {@code base_3}.. when taken. */
        private static String freeName(String base, Set<String> taken) {
            String name = base;
            for (int suffix = 2; taken.contains(name); suffix++) {
                name = base + "_" + suffix;
            }
            return name;
        }
    }
}
