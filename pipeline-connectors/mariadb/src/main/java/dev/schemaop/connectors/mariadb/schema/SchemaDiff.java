package dev.schemaop.connectors.mariadb.schema;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.utils.SchemaUtils;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The schema change events that take a table from the schema the pipeline knows to the one Debezium
 * describes after a DDL statement, in the order Flink CDC's MySQL source emits them:
 *
 * <ol>
 *   <li>each rename the statement names ({@link DdlRenames}): for {@code CHANGE old new TYPE} first
 *       the retype of {@code old}, then the rename;
 *   <li>one drop of the columns that are gone;
 *   <li>one add of the new columns, each placed FIRST, AFTER its predecessor, or LAST when no
 *       existing column follows it;
 *   <li>one retype of the columns whose type or nullability changed.
 * </ol>
 *
 * A column that only moved ({@code MODIFY .. FIRST}) is no event: rows are read by name.
 */
public final class SchemaDiff {
    private final TableId table;
    private final List<SchemaChangeEvent> events = new ArrayList<>();
    private Schema current;

    private SchemaDiff(TableId table, Schema current) {
        this.table = table;
        this.current = current;
    }

    /** The events, and the schema the pipeline knows once they are applied. */
    public record Result(List<SchemaChangeEvent> events, Schema after) {}

    /** The events from {@code known} to {@code described}, given the statement's renames. */
    public static Result between(
            TableId table, Schema known, Schema described, Map<String, String> renames) {
        SchemaDiff diff = new SchemaDiff(table, known);
        diff.renames(described, renames);
        diff.drops(described);
        diff.adds(described);
        diff.retypes(described);
        return new Result(List.copyOf(diff.events), diff.current);
    }

    private void renames(Schema described, Map<String, String> renames) {
        for (Map.Entry<String, String> rename : renames.entrySet()) {
            Optional<Column> old = find(current, rename.getKey());
            if (old.isEmpty()) {
                continue;
            }
            String from = old.get().getName();
            String to = rename.getValue();
            Optional<Column> after = described.getColumn(to);
            if (after.isPresent() && !after.get().getType().equals(old.get().getType())) {
                emit(
                        new AlterColumnTypeEvent(
                                table,
                                Map.of(from, after.get().getType()),
                                Map.of(from, old.get().getType())));
            }
            if (!from.equals(to) && after.isPresent()) {
                emit(new RenameColumnEvent(table, Map.of(from, to)));
            }
        }
    }

    private void drops(Schema described) {
        List<String> gone = new ArrayList<>();
        for (Column column : current.getColumns()) {
            if (described.getColumn(column.getName()).isEmpty()) {
                gone.add(column.getName());
            }
        }
        if (!gone.isEmpty()) {
            emit(new DropColumnEvent(table, gone));
        }
    }

    private void adds(Schema described) {
        List<Column> columns = described.getColumns();
        List<AddColumnEvent.ColumnWithPosition> added = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            Column column = columns.get(i);
            if (current.getColumn(column.getName()).isPresent()) {
                continue;
            }
            if (i == 0) {
                added.add(AddColumnEvent.first(column));
            } else if (noKnownColumnAfter(columns, i)) {
                added.add(AddColumnEvent.last(column));
            } else {
                added.add(AddColumnEvent.after(column, columns.get(i - 1).getName()));
            }
        }
        if (!added.isEmpty()) {
            emit(new AddColumnEvent(table, added));
        }
    }

    private boolean noKnownColumnAfter(List<Column> columns, int index) {
        for (int i = index + 1; i < columns.size(); i++) {
            if (current.getColumn(columns.get(i).getName()).isPresent()) {
                return false;
            }
        }
        return true;
    }

    private void retypes(Schema described) {
        Map<String, DataType> newTypes = new LinkedHashMap<>();
        Map<String, DataType> oldTypes = new LinkedHashMap<>();
        for (Column column : described.getColumns()) {
            Optional<Column> known = current.getColumn(column.getName());
            if (known.isPresent() && !known.get().getType().equals(column.getType())) {
                newTypes.put(column.getName(), column.getType());
                oldTypes.put(column.getName(), known.get().getType());
            }
        }
        if (!newTypes.isEmpty()) {
            emit(new AlterColumnTypeEvent(table, newTypes, oldTypes));
        }
    }

    private void emit(SchemaChangeEvent event) {
        events.add(event);
        current = SchemaUtils.applySchemaChangeEvent(current, event);
    }

    /** MariaDB column names ignore case: a statement may spell a column differently. */
    private static Optional<Column> find(Schema schema, String name) {
        Optional<Column> exact = schema.getColumn(name);
        if (exact.isPresent()) {
            return exact;
        }
        return schema.getColumns().stream()
                .filter(c -> c.getName().equalsIgnoreCase(name))
                .findFirst();
    }
}
