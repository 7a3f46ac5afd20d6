package dev.schemaop.faults.model;

import dev.schemaop.faults.script.Op;
import dev.schemaop.faults.script.Values;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the sink must hold after a script, computed without the runtime: the script's steps in
 * order, each DDL turned into the sink's DDL by the rules of SPEC §3 for the behavior, each row
 * reshaped by column name onto the sink table as it is at that step. A row that reaches the real
 * sink later than its step (a lagging split, a replay) must come out the same, since the sink's own
 * DDL converts what it already stores the same way (SPEC §3, G6).
 *
 * <p>TRY_EVOLVE runs against an applier that does not support drop.column and refuses every ALTER
 * to a VARCHAR type as unsupported.
 */
public final class ReferenceModel {
    private final SchemaChangeBehavior behavior;
    private final Map<TableId, List<Column>> upstream = new HashMap<>();
    private final Map<TableId, DatabaseTable> sink =
            new TreeMap<>(Comparator.comparing(TableId::toString));
    private final List<SchemaChangeEvent> ddl = new ArrayList<>();

    public ReferenceModel(SchemaChangeBehavior behavior) {
        this.behavior = behavior;
    }

    public static ReferenceModel of(SchemaChangeBehavior behavior, List<Op> script) {
        ReferenceModel model = new ReferenceModel(behavior);
        script.forEach(model::apply);
        return model;
    }

    public Map<TableId, DatabaseTable> sinkTables() {
        return sink;
    }

    /** The DDL the sink's applier must receive, each exactly once, in this order. */
    public List<SchemaChangeEvent> ddl() {
        return ddl;
    }

    public void apply(Op op) {
        if (op instanceof Op.Fence) {
            return;
        }
        if (op.isRow()) {
            applyRow(op);
        } else {
            sinkDdl(op).forEach(this::toSink);
            upstream(op);
        }
    }

    // ------------------------------------------------------------------ rows

    private void applyRow(Op op) {
        DatabaseTable table = sink.get(op.table());
        List<Column> columns = upstream.get(op.table());
        if (op instanceof Op.Insert insert) {
            table.put(reshape(columns, insert.values(), table));
        } else if (op instanceof Op.Update update) {
            table.put(reshape(columns, update.after(), table));
        } else {
            table.remove((Integer) reshape(columns, ((Op.Delete) op).values(), table).get("id"));
        }
    }

    /** SPEC §3: by column name, converted to the sink column's type; a missing column is null. */
    private static Map<String, Object> reshape(
            List<Column> columns, List<Object> values, DatabaseTable table) {
        Map<String, Object> byName = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            byName.put(columns.get(i).getName(), values.get(i));
        }
        Map<String, Object> row = new LinkedHashMap<>();
        for (Column column : table.columns()) {
            row.put(
                    column.getName(),
                    Values.convert(byName.get(column.getName()), column.getType()));
        }
        return row;
    }

    // ------------------------------------------------------------------ DDL

    private void toSink(SchemaChangeEvent event) {
        ddl.add(event);
        TableId id = event.tableId();
        if (event instanceof CreateTableEvent create) {
            sink.put(id, new DatabaseTable(create.getSchema()));
        } else if (event instanceof DropTableEvent) {
            sink.remove(id);
        } else if (event instanceof TruncateTableEvent) {
            sink.get(id).clear();
        } else {
            String misfit = sink.get(id).alter(event);
            if (misfit != null) {
                throw new IllegalStateException(
                        "The reference model derived DDL that does not fit: "
                                + misfit
                                + ": "
                                + event);
            }
        }
    }

    private void upstream(Op op) {
        TableId id = op.table();
        if (op instanceof Op.CreateTable create) {
            List<Column> columns = new ArrayList<>();
            create.columns().forEach(c -> columns.add(Column.physicalColumn(c.name(), c.type())));
            upstream.put(id, columns);
        } else if (op instanceof Op.DropTable) {
            upstream.remove(id);
        } else if (!(op instanceof Op.Truncate)) {
            DatabaseTable table = new DatabaseTable(schemaOf(upstream.get(id)));
            table.alter(event(op));
            upstream.put(id, table.columns());
        }
    }

    private List<SchemaChangeEvent> sinkDdl(Op op) {
        boolean exists = sink.containsKey(op.table());
        if (op instanceof Op.CreateTable create) {
            Schema schema = schemaOf(columnsOf(create));
            if (!exists) {
                return List.of(new CreateTableEvent(op.table(), schema));
            }
            return behavior == SchemaChangeBehavior.LENIENT
                    ? toHold(op.table(), schema)
                    : List.of();
        }
        switch (behavior) {
            case IGNORE:
                return List.of();
            case LENIENT:
                return lenient(op);
            case TRY_EVOLVE:
                if (op instanceof Op.DropColumn
                        || (op instanceof Op.AlterType alter
                                && alter.newType().is(DataTypeRoot.VARCHAR))) {
                    return List.of(); // the applier does not support it
                }
                return List.of(event(op));
            default:
                return List.of(event(op));
        }
    }

    /** The upstream change as a CDC event, as the values source emits it. */
    private static SchemaChangeEvent event(Op op) {
        TableId id = op.table();
        if (op instanceof Op.AddColumn add) {
            Column column = Column.physicalColumn(add.column().name(), add.column().type());
            switch (add.place()) {
                case FIRST:
                    return new AddColumnEvent(id, List.of(AddColumnEvent.first(column)));
                case LAST:
                    return new AddColumnEvent(id, List.of(AddColumnEvent.last(column)));
                case AFTER:
                    return new AddColumnEvent(
                            id, List.of(AddColumnEvent.after(column, add.reference())));
                default:
                    return new AddColumnEvent(
                            id, List.of(AddColumnEvent.before(column, add.reference())));
            }
        }
        if (op instanceof Op.AlterType alter) {
            return new AlterColumnTypeEvent(
                    id,
                    Map.of(alter.column(), alter.newType()),
                    Map.of(alter.column(), alter.oldType()));
        }
        if (op instanceof Op.RenameColumn rename) {
            return new RenameColumnEvent(id, Map.of(rename.from(), rename.to()));
        }
        if (op instanceof Op.DropColumn drop) {
            return new DropColumnEvent(id, List.of(drop.column()));
        }
        if (op instanceof Op.Truncate) {
            return new TruncateTableEvent(id);
        }
        if (op instanceof Op.DropTable) {
            return new DropTableEvent(id);
        }
        throw new IllegalArgumentException("Not a schema change: " + op);
    }

    /**
     * LENIENT (SPEC §3): nothing the sink holds is dropped, renamed away or narrowed. Added and
     * renamed-to columns come nullable at the end; a column that receives no more values is made
     * nullable; a type change widens the column, or keeps it under {@code <name>_<old type root>}
     * and adds the new one; truncate and drop table are excluded by default.
     */
    private List<SchemaChangeEvent> lenient(Op op) {
        TableId id = op.table();
        DatabaseTable table = sink.get(id);
        List<SchemaChangeEvent> events = new ArrayList<>();
        if (op instanceof Op.AddColumn add) {
            events.add(
                    new AddColumnEvent(
                            id,
                            List.of(
                                    AddColumnEvent.last(
                                            Column.physicalColumn(
                                                    add.column().name(),
                                                    add.column().type().nullable())))));
        } else if (op instanceof Op.RenameColumn rename) {
            DataType type = typeOf(table, rename.from());
            events.add(
                    new AddColumnEvent(
                            id,
                            List.of(
                                    AddColumnEvent.last(
                                            Column.physicalColumn(rename.to(), type.nullable())))));
            if (!type.isNullable()) {
                events.add(nullable(id, rename.from(), type));
            }
        } else if (op instanceof Op.DropColumn drop) {
            DataType type = typeOf(table, drop.column());
            if (!type.isNullable()) {
                events.add(nullable(id, drop.column(), type));
            }
        } else if (op instanceof Op.AlterType alter) {
            DataType sinkType = typeOf(table, alter.column());
            Optional<DataType> wider = Widening.commonWider(sinkType, alter.newType());
            if (Widening.holds(sinkType, alter.newType())) {
                return events;
            }
            if (wider.isPresent()) {
                events.add(
                        new AlterColumnTypeEvent(
                                id,
                                Map.of(alter.column(), wider.get()),
                                Map.of(alter.column(), sinkType)));
                return events;
            }
            if (!sinkType.isNullable()) {
                events.add(nullable(id, alter.column(), sinkType));
            }
            String keptAs =
                    freeName(
                            table,
                            alter.column()
                                    + "_"
                                    + sinkType.getTypeRoot().name().toLowerCase(Locale.ROOT));
            events.add(new RenameColumnEvent(id, Map.of(alter.column(), keptAs)));
            events.add(
                    new AddColumnEvent(
                            id,
                            List.of(
                                    AddColumnEvent.last(
                                            Column.physicalColumn(
                                                    alter.column(), alter.newType().nullable())))));
        }
        return events;
    }

    /**
     * A create of a table the sink kept (its drop was skipped): the sink comes to hold the new
     * schema: missing columns added nullable at the end, columns widened where both types have a
     * common wider type, NOT NULL columns the new schema lacks made nullable; a column without a
     * common wider type keeps its type and its values are converted.
     */
    private List<SchemaChangeEvent> toHold(TableId id, Schema upstreamSchema) {
        DatabaseTable table = sink.get(id);
        List<AddColumnEvent.ColumnWithPosition> missing = new ArrayList<>();
        Map<String, DataType> widened = new LinkedHashMap<>();
        Map<String, DataType> old = new LinkedHashMap<>();
        for (Column column : upstreamSchema.getColumns()) {
            DataType sinkType = typeOrNull(table, column.getName());
            if (sinkType == null) {
                missing.add(AddColumnEvent.last(column.copy(column.getType().nullable())));
            } else if (!Widening.holds(sinkType, column.getType())
                    && !column.getName().equals("id")) {
                Widening.commonWider(sinkType, column.getType())
                        .ifPresent(
                                w -> {
                                    widened.put(column.getName(), w);
                                    old.put(column.getName(), sinkType);
                                });
            }
        }
        for (Column column : table.columns()) {
            if (upstreamSchema.getColumn(column.getName()).isEmpty()
                    && !column.getType().isNullable()
                    && !column.getName().equals("id")) {
                widened.put(
                        column.getName(),
                        column.getType().nullable()); // the new rows carry no value there
                old.put(column.getName(), column.getType());
            }
        }
        List<SchemaChangeEvent> events = new ArrayList<>();
        if (!missing.isEmpty()) {
            events.add(new AddColumnEvent(id, missing));
        }
        if (!widened.isEmpty()) {
            events.add(new AlterColumnTypeEvent(id, widened, old));
        }
        return events;
    }

    private static AlterColumnTypeEvent nullable(TableId id, String column, DataType type) {
        return new AlterColumnTypeEvent(id, Map.of(column, type.nullable()), Map.of(column, type));
    }

    private static String freeName(DatabaseTable table, String base) {
        String name = base;
        for (int suffix = 2; typeOrNull(table, name) != null; suffix++) {
            name = base + "_" + suffix;
        }
        return name;
    }

    private static DataType typeOf(DatabaseTable table, String column) {
        DataType type = typeOrNull(table, column);
        if (type == null) {
            throw new IllegalStateException("The sink has no column " + column);
        }
        return type;
    }

    private static DataType typeOrNull(DatabaseTable table, String column) {
        for (Column c : table.columns()) {
            if (c.getName().equals(column)) {
                return c.getType();
            }
        }
        return null;
    }

    private static List<Column> columnsOf(Op.CreateTable create) {
        List<Column> columns = new ArrayList<>();
        create.columns().forEach(c -> columns.add(Column.physicalColumn(c.name(), c.type())));
        return columns;
    }

    static Schema schemaOf(List<Column> columns) {
        return Schema.newBuilder().setColumns(columns).primaryKey("id").build();
    }
}
