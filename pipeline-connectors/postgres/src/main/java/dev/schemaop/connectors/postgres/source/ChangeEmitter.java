package dev.schemaop.connectors.postgres.source;

import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.catalog.DdlCapture;
import dev.schemaop.connectors.postgres.catalog.LayoutDiff;
import dev.schemaop.connectors.postgres.catalog.LayoutMessages;
import dev.schemaop.connectors.postgres.catalog.TableLayout;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the slot's records into pipeline events, keeping the layout of every captured table as the
 * pipeline was told it: the DDL capture's messages become schema change events ({@link LayoutDiff},
 * by attnum), rows are built by column name with the table's schema, truncates become {@link
 * TruncateTableEvent}s. A row with a column the pipeline was not told of ends the job: the DDL
 * capture missed a statement, and a row of another shape must never reach the sink.
 */
final class ChangeEmitter implements AutoCloseable {
    /** The header Debezium puts on the insert it makes of an update that changed the key. */
    private static final String OLD_KEY_HEADER = "__debezium.oldkey";

    private final PostgresSourceSettings settings;

    /** Each captured table's rows, shaped by the layout the pipeline was told, in order known. */
    private final Map<TableId, TableRows> tables = new LinkedHashMap<>();

    private final UnloggedValues unlogged;

    /** Tables whose updates are now the rows CREATE TABLE AS wrote, logged again: inserts. */
    private final Set<TableId> relogging = new LinkedHashSet<>();

    ChangeEmitter(
            PostgresSourceSettings settings,
            List<TableLayout> restored,
            List<TableId> restoredRelogging) {
        this.settings = settings;
        this.unlogged = new UnloggedValues(settings);
        restored.forEach(this::remember);
        restoredRelogging.stream().filter(tables::containsKey).forEach(relogging::add);
    }

    List<TableLayout> layouts() {
        return tables.values().stream().map(TableRows::layout).toList();
    }

    /** For a checkpoint taken between the marks of {@link LayoutMessages.Relogged}. */
    List<TableId> relogging() {
        return new ArrayList<>(relogging);
    }

    /**
     * A table the snapshot (or a start without one) describes: its {@code CreateTableEvent} when
     * the pipeline does not know it, else the changes from the layout it was told.
     */
    List<Event> describe(TableLayout now) {
        TableRows known = tables.get(now.id());
        remember(now);
        if (known == null) {
            return List.of(new CreateTableEvent(now.id(), now.pipelineSchema()));
        }
        return LayoutDiff.between(known.layout(), now);
    }

    /**
     * A table a snapshot reads again (a restore before the first snapshot ended): as {@link
     * #describe}, and, when the pipeline knew it, a {@code TruncateTableEvent} first, so that rows
     * the first attempt sent and the database deleted since do not stay at the sink.
     */
    List<Event> describeForSnapshot(TableLayout now) {
        boolean known = tables.containsKey(now.id());
        List<Event> events = new ArrayList<>(describe(now));
        if (known) {
            events.add(new TruncateTableEvent(now.id()));
        }
        return events;
    }

    /** Drops the tables the pipeline knew and a snapshot taken again no longer finds. */
    List<Event> keepOnly(List<TableLayout> found) {
        List<TableId> gone = new ArrayList<>(tables.keySet());
        found.forEach(layout -> gone.remove(layout.id()));
        List<Event> events = new ArrayList<>();
        for (TableId table : gone) {
            forget(table);
            events.add(new DropTableEvent(table));
        }
        return events;
    }

    List<Event> eventsOf(SourceRecord record) throws SQLException {
        if (!(record.value() instanceof Struct value) || value.schema().field("op") == null) {
            return List.of(); // a heartbeat: only its offset counts
        }
        String op = value.getString("op");
        if ("m".equals(op)) {
            return List.of(); // a heartbeat's message
        }
        Struct source = value.getStruct("source");
        TableId table = TableId.tableId(source.getString("schema"), source.getString("table"));
        if (table.equals(DdlCapture.LOG)) {
            return "c".equals(op) ? ddl(value.getStruct("after").getString("layout")) : List.of();
        }
        if (!tables.containsKey(table)) {
            return List.of();
        }
        switch (op) {
            case "c":
            case "r":
                // an insert's values are all logged, but Debezium makes an update that changed
                // the key a delete and an insert (marked by its old key), with the update's
                // unlogged values
                boolean keyChanged = record.headers().lastWithName(OLD_KEY_HEADER) != null;
                RecordData inserted =
                        tables.get(table)
                                .after(value.getStruct("after"), null, keyChanged, unlogged);
                return inserted == null
                        ? List.of()
                        : List.of(DataChangeEvent.insertEvent(table, inserted));
            case "u":
                TableRows shape = tables.get(table);
                RecordData after =
                        shape.after(
                                value.getStruct("after"),
                                value.getStruct("before"),
                                true,
                                unlogged);
                if (after == null) {
                    return List.of(); // the row is gone since: what removed it comes next
                }
                if (relogging.contains(table)) {
                    return List.of(DataChangeEvent.insertEvent(table, after));
                }
                RecordData before = row(table, value, "before");
                return List.of(
                        DataChangeEvent.updateEvent(
                                table, before != null ? before : shape.keyOf(after), after));
            case "d":
                return List.of(DataChangeEvent.deleteEvent(table, row(table, value, "before")));
            case "t":
                return List.of(new TruncateTableEvent(table));
            default:
                return List.of();
        }
    }

    /**
     * A row of the DDL capture's log: a table's layout after a DDL, its drop, or a mark around the
     * rows of its CREATE TABLE AS.
     */
    private List<Event> ddl(String json) {
        LayoutMessages.Message read = LayoutMessages.read(json);
        List<Event> events = new ArrayList<>();
        if (read instanceof LayoutMessages.Relogged mark) {
            TableId table = byOid(mark.oid());
            if (table != null && mark.begins()) {
                relogging.add(table);
            } else if (table != null) {
                relogging.remove(table);
            }
            return events;
        }
        if (read instanceof LayoutMessages.Dropped dropped) {
            TableId known = byOid(dropped.oid());
            if (known != null) {
                forget(known);
                events.add(new DropTableEvent(known));
            }
            return events;
        }
        TableLayout now = ((LayoutMessages.Layout) read).layout();
        TableId before = byOid(now.oid());
        if (before != null && !before.equals(now.id())) {
            // renamed: the old table leaves the pipeline, the new name is a table of its own
            forget(before);
            events.add(new DropTableEvent(before));
        }
        if (settings.captures(now.id())) {
            events.addAll(describe(now));
        }
        return events;
    }

    private TableId byOid(long oid) {
        for (TableRows rows : tables.values()) {
            if (rows.layout().oid() == oid) {
                return rows.layout().id();
            }
        }
        return null;
    }

    private RecordData row(TableId table, Struct value, String side) {
        Struct row = value.getStruct(side);
        return row == null ? null : tables.get(table).row(row);
    }

    private void remember(TableLayout layout) {
        tables.put(layout.id(), new TableRows(layout));
    }

    private void forget(TableId table) {
        tables.remove(table);
        relogging.remove(table);
    }

    @Override
    public void close() {
        unlogged.close();
    }
}
