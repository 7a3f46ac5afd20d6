package dev.schemaop.connectors.mariadb.source;

import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.debezium.EventPosition;
import dev.schemaop.connectors.mariadb.debezium.ResolvedRenames;
import dev.schemaop.connectors.mariadb.schema.ColumnRenames;
import dev.schemaop.connectors.mariadb.schema.MariaDbTypes;
import dev.schemaop.connectors.mariadb.schema.SchemaDiff;
import dev.schemaop.connectors.mariadb.schema.TableChangeStructs;
import dev.schemaop.connectors.mariadb.schema.TableChangeStructs.TableChange;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Turns Debezium's records into pipeline events, keeping the schema of every captured table as the
 * pipeline was told it: a table's {@code CreateTableEvent} before its first row, the events of a
 * DDL statement together ({@link SchemaDiff}), rows built by column name with that schema.
 */
final class RecordEmitter {
    private final SourceSettings settings;
    private final Map<TableId, Schema> schemas;
    private final Map<TableId, BinaryRecordDataGenerator> generators = new HashMap<>();
    private final ShadowTables shadows;
    private final ResolvedRenames renames;

    /**
     * @param renames the tables the binlog's statements rename, from the engine's parser
     */
    RecordEmitter(SourceSettings settings, Map<TableId, Schema> restored, ResolvedRenames renames) {
        this.settings = settings;
        this.renames = renames;
        this.schemas = new LinkedHashMap<>(restored);
        this.shadows = new ShadowTables(settings.onlineSchemaChanges());
    }

    Map<TableId, Schema> schemas() {
        return new LinkedHashMap<>(schemas);
    }

    /**
     * A table the snapshot describes: its {@code CreateTableEvent} when the pipeline does not know
     * it, else (a snapshot taken again after a restore) the changes from the schema it was told.
     */
    List<Event> snapshotTable(TableId table, Schema described) {
        Schema known = schemas.get(table);
        if (known == null) {
            remember(table, described);
            return List.of(new CreateTableEvent(table, described));
        }
        List<Event> events = new ArrayList<>();
        alter(table, described, Map.of(), events);
        return events;
    }

    /**
     * How rows built with {@code from} become rows of the schema the pipeline has for {@code
     * table}: null when they already are; else a mapping by column name, made once (a column the
     * pipeline does not have is left out, one it has that is missing is null). After a restore a
     * column that only moved keeps its old place in the pipeline's schema (no event for it).
     */
    @Nullable
    UnaryOperator<RecordData> shaperFor(TableId table, Schema from) {
        Schema to = schemas.get(table);
        if (from.getColumns().equals(to.getColumns())) {
            return null;
        }
        List<Column> columns = to.getColumns();
        RecordData.FieldGetter[] getters = new RecordData.FieldGetter[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            int at = from.getColumnNames().indexOf(columns.get(i).getName());
            if (at >= 0) {
                getters[i] = RecordData.createFieldGetter(from.getColumnDataTypes().get(at), at);
            }
        }
        BinaryRecordDataGenerator generator = generator(to);
        return row -> {
            Object[] values = new Object[getters.length];
            for (int i = 0; i < getters.length; i++) {
                values[i] = getters[i] == null ? null : getters[i].getFieldOrNull(row);
            }
            return generator.generate(values);
        };
    }

    List<Event> eventsOf(SourceRecord record) {
        if (!(record.value() instanceof Struct value)) {
            return renamedAwayBefore(offsetPosition(record));
        }
        String schemaName = value.schema().name();
        if (schemaName != null && schemaName.endsWith("SchemaChangeValue")) {
            return schemaChange(value);
        }
        if (schemaName != null && schemaName.endsWith(".Envelope")) {
            if (renames.isEmpty()) {
                return dataChange(value); // the row's way almost always: nothing to look up
            }
            List<Event> renamedAway =
                    renamedAwayBefore(Optional.of(EventPosition.of(value.getStruct("source"))));
            List<Event> rows = dataChange(value);
            if (renamedAway.isEmpty()) {
                return rows;
            }
            renamedAway.addAll(rows);
            return renamedAway;
        }
        // a heartbeat or a transaction's boundary: the offset a checkpoint keeps moves past it,
        // so the renames of the statements before it are taken now
        return renamedAwayBefore(offsetPosition(record));
    }

    /** Where the record's offset resumes the binlog, when it names a file and a position. */
    private Optional<EventPosition> offsetPosition(SourceRecord record) {
        if (renames.isEmpty()
                || record.sourceOffset() == null
                || !(record.sourceOffset().get("file") instanceof String file)
                || !(record.sourceOffset().get("pos") instanceof Number pos)) {
            return Optional.empty();
        }
        return Optional.of(new EventPosition(file, pos.longValue(), null));
    }

    private List<Event> schemaChange(Struct value) {
        String ddl = value.getString("ddl") == null ? "" : value.getString("ddl");
        List<Event> events = new ArrayList<>();
        droppedByRenames(EventPosition.of(value.getStruct("source")), events);
        // read once per statement, for each table it alters
        Map<String, String> columnRenames =
                settings.schemaChangeEnabled() ? ColumnRenames.in(ddl) : Map.of();
        for (TableChange change : TableChangeStructs.of(value)) {
            TableId table = change.id();
            Optional<TableId> replaced = shadows.originalOf(table);
            if (replaced.isPresent()) {
                // gh-ost / pt-online-schema-change: the shadow's ALTER is the original's.
                if (change.kind() == TableChangeStructs.Kind.ALTER
                        && schemas.containsKey(replaced.get())) {
                    alter(
                            replaced.get(),
                            MariaDbTypes.schemaOf(change.table()),
                            columnRenames,
                            events);
                }
                continue;
            }
            Schema known = schemas.get(table);
            switch (change.kind()) {
                case DROP:
                    if (known != null && settings.schemaChangeEnabled()) {
                        events.add(new DropTableEvent(table));
                        forget(table);
                    }
                    break;
                case CREATE:
                case ALTER:
                    Schema described = MariaDbTypes.schemaOf(change.table());
                    if (known == null) {
                        events.add(new CreateTableEvent(table, described));
                        remember(table, described);
                    } else {
                        alter(table, described, columnRenames, events);
                    }
                    break;
                default:
                    break;
            }
        }
        return events;
    }

    /**
     * The drops of tables that statements before this record renamed into a database the source
     * does not capture: Debezium emits no record for such a statement, so they come with the next
     * record.
     */
    private List<Event> renamedAwayBefore(Optional<EventPosition> position) {
        List<Event> events = new ArrayList<>();
        if (position.isPresent() && !renames.isEmpty()) {
            droppedByRenames(position.get(), events);
        }
        return events;
    }

    /** The drops of the tables the statements up to {@code position} renamed, taken once. */
    private void droppedByRenames(EventPosition position, List<Event> events) {
        Map<TableId, TableId> tableRenames = renames.takeThrough(position);
        if (settings.schemaChangeEnabled()) {
            droppedByRename(tableRenames, events);
        }
    }

    /**
     * A renamed table is the old one dropped and the new one created (as Flink CDC's MySQL source
     * has it); Debezium describes only the new one. With online schema changes recognised, the
     * cut-over ({@code RENAME TABLE t TO _t_del, _t_gho TO t}) drops nothing: {@code t} is still
     * there, with the shape its shadow's ALTER already gave it.
     */
    private void droppedByRename(Map<TableId, TableId> renames, List<Event> events) {
        for (Map.Entry<TableId, TableId> rename : renames.entrySet()) {
            TableId renamed = rename.getKey();
            boolean replacedByItsShadow =
                    settings.onlineSchemaChanges() && renames.containsValue(renamed);
            if (schemas.containsKey(renamed) && !replacedByItsShadow) {
                events.add(new DropTableEvent(renamed));
                forget(renamed);
            }
        }
    }

    private void alter(
            TableId table, Schema described, Map<String, String> renames, List<Event> events) {
        if (!settings.schemaChangeEnabled()) {
            return;
        }
        SchemaDiff.Result diff = SchemaDiff.between(table, schemas.get(table), described, renames);
        events.addAll(diff.events());
        remember(table, diff.after());
    }

    private List<Event> dataChange(Struct value) {
        String op = value.getString("op");
        Struct source = value.getStruct("source");
        TableId table = TableId.tableId(source.getString("db"), source.getString("table"));
        if (shadows.originalOf(table).isPresent()) {
            return List.of(); // a shadow's rows are the original's, copied by the tool
        }
        Schema schema = schemas.get(table);
        if (schema == null) {
            throw new IllegalStateException(
                    "A row of "
                            + table
                            + " arrived before its table was described; the schema history does"
                            + " not have it. Restart the pipeline without its checkpoint.");
        }
        switch (op) {
            case "c":
            case "r":
                return List.of(
                        DataChangeEvent.insertEvent(
                                table, row(table, schema, value.getStruct("after"))));
            case "u":
                return List.of(
                        DataChangeEvent.updateEvent(
                                table,
                                row(table, schema, value.getStruct("before")),
                                row(table, schema, value.getStruct("after"))));
            case "d":
                return List.of(
                        DataChangeEvent.deleteEvent(
                                table, row(table, schema, value.getStruct("before"))));
            case "t":
                return settings.schemaChangeEnabled()
                        ? List.of(new TruncateTableEvent(table))
                        : List.of();
            default:
                return List.of();
        }
    }

    private RecordData row(TableId table, Schema schema, @Nullable Struct struct) {
        List<Column> columns = schema.getColumns();
        Object[] values = new Object[columns.size()];
        if (struct != null) {
            for (int i = 0; i < columns.size(); i++) {
                Column column = columns.get(i);
                Field field = struct.schema().field(column.getName());
                if (field != null) {
                    values[i] =
                            ValueConverter.convert(
                                    struct.get(field), field.schema(), column.getType());
                }
            }
        }
        return generators.computeIfAbsent(table, t -> generator(schema)).generate(values);
    }

    private static BinaryRecordDataGenerator generator(Schema schema) {
        return new BinaryRecordDataGenerator(schema.getColumnDataTypes().toArray(new DataType[0]));
    }

    private void remember(TableId table, Schema schema) {
        schemas.put(table, schema);
        generators.remove(table);
    }

    private void forget(TableId table) {
        schemas.remove(table);
        generators.remove(table);
    }
}
