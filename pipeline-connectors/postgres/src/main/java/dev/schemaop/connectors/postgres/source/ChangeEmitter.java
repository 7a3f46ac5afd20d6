package dev.schemaop.connectors.postgres.source;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.catalog.DdlCapture;
import dev.schemaop.connectors.postgres.catalog.LayoutDiff;
import dev.schemaop.connectors.postgres.catalog.LayoutMessages;
import dev.schemaop.connectors.postgres.catalog.TableLayout;
import dev.schemaop.connectors.postgres.stream.HeartbeatMessages;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
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

    private final String heartbeatToken;

    /** Without the DDL capture: layouts from the rows' Relation messages; else null. */
    @Nullable private final RelationLayouts relations;

    /** Tables whose updates are now the rows CREATE TABLE AS wrote, logged again: inserts. */
    private final Set<TableId> relogging = new LinkedHashSet<>();

    ChangeEmitter(
            PostgresSourceSettings settings,
            List<TableLayout> restored,
            List<TableId> restoredRelogging,
            String heartbeatToken) {
        this.settings = settings;
        this.heartbeatToken = heartbeatToken;
        this.unlogged = new UnloggedValues(settings);
        this.relations = settings.eventTrigger() ? null : new RelationLayouts(settings);
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
            // a heartbeat's message: without the DDL capture, the tables of the publication then
            return relations == null ? List.of() : published(value.getStruct("message"));
        }
        Struct source = value.getStruct("source");
        TableId table = TableId.tableId(source.getString("schema"), source.getString("table"));
        if (table.equals(DdlCapture.LOG)) {
            return "c".equals(op) ? ddl(value.getStruct("after").getString("layout")) : List.of();
        }
        List<Event> changes = List.of();
        if (relations != null && !"t".equals(op)) {
            changes = relationChanges(table, value.schema().field("after").schema());
            if (changes == null) {
                return List.of();
            }
        }
        if (!tables.containsKey(table)) {
            return changes;
        }
        if (changes.isEmpty()) {
            return rowEvents(table, op, value, record);
        }
        changes.addAll(rowEvents(table, op, value, record));
        return changes;
    }

    private List<Event> rowEvents(TableId table, String op, Struct value, SourceRecord record)
            throws SQLException {
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

    /**
     * Without the DDL capture, the changes a row's Relation message shows (none when its layout is
     * settled): of its columns ({@link RelationLayouts}), or of its table: renamed (its rows carry
     * the new name: it leaves the pipeline and, when the new name is captured, enters it as a new
     * table, as with the capture), or dropped since with rows the source can no longer place (it
     * leaves the pipeline now, as the heartbeat would have it leave after them).
     *
     * @return null when the row is of no captured table
     */
    @Nullable
    private List<Event> relationChanges(TableId table, org.apache.kafka.connect.data.Schema rows)
            throws SQLException {
        TableRows known = tables.get(table);
        if (known != null) {
            if (relations.settled(table, rows)) {
                return new ArrayList<>();
            }
            TableLayout now = relations.layoutOf(table, known.layout().oid(), rows, known.layout());
            if (now == null) {
                forget(table);
                relations.ignore(table, rows);
                return new ArrayList<>(List.of(new DropTableEvent(table)));
            }
            return new ArrayList<>(describe(now));
        }
        if (relations.ignored(table, rows)) {
            return null;
        }
        OptionalLong oid = relations.oidOf(table);
        if (oid.isEmpty()) {
            if (!relations.renamedSince(layouts())) {
                relations.ignore(table, rows); // of a captured table dropped since, which
                return null; // leaves the pipeline at the heartbeat after them (or left it)
            }
            throw new NonRecoverableException(
                    "The postgres source (schema-changes.capture: relation) reads rows of "
                            + table
                            + ", a table it did not capture under that name and which has another"
                            + " name now: a captured table renamed twice before the source read"
                            + " its rows. Start the pipeline with --fresh (a new snapshot), or let"
                            + " it see each DDL in order with schema-changes.capture:"
                            + " event-trigger (as a superuser).");
        }
        List<Event> events = new ArrayList<>();
        TableId before = byOid(oid.getAsLong());
        TableLayout was = null;
        if (before != null) {
            was = tables.get(before).layout();
            forget(before);
            events.add(new DropTableEvent(before));
        }
        if (!settings.captures(table)) {
            relations.ignore(table, rows);
            return events;
        }
        TableLayout now = relations.layoutOf(table, oid.getAsLong(), rows, was);
        if (now == null) {
            relations.ignore(table, rows);
            return events;
        }
        events.addAll(describe(now));
        return events;
    }

    /**
     * A heartbeat's message without the DDL capture: the tables (oids) of the source's publication
     * when it was written. A table the pipeline knows and the publication no longer holds was
     * dropped (or taken out of it) before: all its rows came before the message.
     */
    private List<Event> published(Struct message) {
        Optional<Set<Long>> oids =
                HeartbeatMessages.publishedTables(
                        new String(message.getBytes("content"), StandardCharsets.UTF_8),
                        heartbeatToken);
        if (oids.isEmpty()) {
            return List.of();
        }
        List<Event> events = new ArrayList<>();
        for (TableLayout layout : layouts()) {
            if (!oids.get().contains(layout.oid())) {
                forget(layout.id());
                events.add(new DropTableEvent(layout.id()));
            }
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
        if (relations != null) {
            relations.close();
        }
    }
}
