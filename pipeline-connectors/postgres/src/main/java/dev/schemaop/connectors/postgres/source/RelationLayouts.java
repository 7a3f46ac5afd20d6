package dev.schemaop.connectors.postgres.source;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.catalog.CatalogTables;
import dev.schemaop.connectors.postgres.catalog.CatalogTables.Attribute;
import dev.schemaop.connectors.postgres.catalog.CatalogTables.TableNow;
import dev.schemaop.connectors.postgres.catalog.ColumnLayout;
import dev.schemaop.connectors.postgres.catalog.TableLayout;
import dev.schemaop.connectors.postgres.slot.ReadingConnection;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.kafka.connect.data.Schema;

import javax.annotation.Nullable;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * A table's layout from the Relation message pgoutput sends before the first row written after a
 * change (schema-changes.capture: relation). Debezium makes a new Connect schema of each Relation
 * message, with the columns' names and types in attnum order ({@link RelationColumn}); which attnum
 * each column has, which tells a rename from a drop plus an add, is worked out from {@code
 * pg_attribute}, read when the rows are, when the table may have changed again since they were
 * written:
 *
 * <ol>
 *   <li>by attnum alone where that leaves one answer ({@link AttnumChoice});
 *   <li>else the catalog's columns, when they are the message's name for name and type for type;
 *   <li>else the layout the pipeline knows, when it is the message's;
 *   <li>else the job ends, saying what to do.
 * </ol>
 *
 * Steps 2 and 3 presume that no column was dropped and another added under its name and type in the
 * time the catalog leaves open (README of the postgres source, "Schema changes without a
 * superuser").
 */
final class RelationLayouts implements AutoCloseable {
    /** Per table, the Connect schema of the rows whose layout was last settled. */
    private final Map<TableId, Schema> settled = new HashMap<>();

    /**
     * Tables of the publication the pipeline does not capture under the name their rows carry
     * (renamed out of its patterns), with the row schema they were seen with: a rename changes it.
     */
    private final Map<TableId, Schema> ignored = new HashMap<>();

    private final ReadingConnection connection;

    RelationLayouts(PostgresSourceSettings settings) {
        this.connection = new ReadingConnection(settings);
    }

    /** Whether the layout of rows of this Connect schema is the one the pipeline knows. */
    boolean settled(TableId table, Schema rows) {
        return settled.get(table) == rows;
    }

    boolean ignored(TableId table, Schema rows) {
        return ignored.get(table) == rows;
    }

    void ignore(TableId table, Schema rows) {
        ignored.put(table, rows);
    }

    /** The oid of the table of that name now (the rows of a table renamed since they began). */
    OptionalLong oidOf(TableId table) throws SQLException {
        return CatalogTables.oidOf(connection.get(), table);
    }

    /**
     * Whether a table the pipeline knows has another name now: then rows under a name no table has
     * may be of it, renamed twice (else they are of a table dropped since).
     */
    boolean renamedSince(Collection<TableLayout> known) throws SQLException {
        Map<Long, TableId> now =
                CatalogTables.names(
                        connection.get(), known.stream().map(TableLayout::oid).toList());
        for (TableLayout layout : known) {
            TableId name = now.get(layout.oid());
            if (name != null && !name.equals(layout.id())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The layout of the table's rows of this Connect schema, under the name they carry.
     *
     * @param known the layout the pipeline knows of the table (of the same oid), null if none
     * @return null when the table is gone and the rows are not of the layout the pipeline knows:
     *     nothing tells their columns any more
     */
    @Nullable
    TableLayout layoutOf(TableId table, long oid, Schema rows, @Nullable TableLayout known)
            throws SQLException {
        List<RelationColumn> message = RelationColumn.of(rows);
        TableNow now = CatalogTables.now(connection.get(), oid);
        TableLayout layout = null;
        if (now != null) {
            layout = byAttnum(table, message, now, known);
            if (layout == null && isCatalogs(message, now)) {
                // its highest attnum may be of a column added after the rows: not kept
                layout =
                        new TableLayout(
                                oid,
                                table.getSchemaName(),
                                table.getTableName(),
                                now.layout().columns(),
                                now.layout().key(),
                                known == null ? 0 : known.highest());
            }
        }
        if (layout == null && known != null && isKnown(message, known)) {
            layout =
                    new TableLayout(
                            known.oid(),
                            table.getSchemaName(),
                            table.getTableName(),
                            known.columns(),
                            known.key(),
                            known.highest()); // under the rows' name: a rename keeps the rest
        }
        if (layout == null && now == null) {
            return null;
        }
        if (layout == null) {
            throw new NonRecoverableException(
                    "The postgres source (schema-changes.capture: relation) reads rows of "
                            + table
                            + " with the columns "
                            + message
                            + ", but the catalog has "
                            + live(now)
                            + " now"
                            + (known == null
                                    ? ""
                                    : " and the pipeline knows "
                                            + known.columns().stream()
                                                    .map(c -> c.name() + " " + c.type())
                                                    .toList())
                            + ": the table changed again before the source read the rows written"
                            + " between its changes, and a Relation message does not tell which"
                            + " column is which. Start the pipeline with --fresh (a new snapshot),"
                            + " or let it see each DDL in order with schema-changes.capture:"
                            + " event-trigger (as a superuser).");
        }
        settled.put(table, rows);
        return layout;
    }

    /** Step 1: the message's attnums where the catalog leaves one choice; else null. */
    @Nullable
    private TableLayout byAttnum(
            TableId table, List<RelationColumn> message, TableNow now, @Nullable TableLayout known)
            throws SQLException {
        Set<Integer> knownAttnums = new HashSet<>();
        if (known != null) {
            known.columns().forEach(c -> knownAttnums.add(c.attnum()));
        }
        int before = known == null ? 0 : known.highest();
        TreeSet<Integer> certain = new TreeSet<>();
        TreeSet<Integer> possible = new TreeSet<>();
        Map<Integer, Attribute> attributes = new HashMap<>();
        for (Attribute attribute : now.attributes()) {
            attributes.put(attribute.attnum(), attribute);
            if (knownAttnums.contains(attribute.attnum())) {
                (attribute.dropped() ? possible : certain).add(attribute.attnum());
            } else if (attribute.attnum() > before) {
                possible.add(attribute.attnum());
            }
        }
        TreeSet<Integer> added =
                AttnumChoice.only(certain, possible, message.size() - certain.size(), attributes);
        if (added == null) {
            return null;
        }
        TreeSet<Integer> attnums = new TreeSet<>(certain);
        attnums.addAll(added);
        List<ColumnLayout> columns = new ArrayList<>();
        Map<Integer, String> names = new HashMap<>();
        int i = 0;
        for (int attnum : attnums) {
            RelationColumn column = message.get(i++);
            ColumnLayout typed = typed(column, attributes.get(attnum), now);
            if (typed == null) {
                return null;
            }
            columns.add(typed);
            names.put(attnum, column.name());
        }
        List<String> key = new ArrayList<>();
        for (String name : now.layout().key()) {
            for (ColumnLayout column : now.layout().columns()) {
                if (column.name().equals(name) && names.containsKey(column.attnum())) {
                    key.add(names.get(column.attnum()));
                }
            }
        }
        return new TableLayout(
                now.layout().oid(),
                table.getSchemaName(),
                table.getTableName(),
                columns,
                key,
                before);
    }

    /**
     * The column the message names at that attnum: the catalog's when its type is still the one the
     * message has, else of the message's type (retyped or dropped since); null when no type of the
     * catalog's gives the message's.
     */
    @Nullable
    private ColumnLayout typed(RelationColumn column, Attribute attribute, TableNow now)
            throws SQLException {
        ColumnLayout catalogs = now.column(attribute.attnum());
        if (catalogs != null
                && column.hasType(attribute.typname())
                && column.hasModifier(connection.get(), attribute.typoid(), attribute.typmod())) {
            return new ColumnLayout(
                    catalogs.attnum(),
                    column.name(),
                    catalogs.type(),
                    catalogs.category(),
                    catalogs.element(),
                    catalogs.notNull());
        }
        OptionalLong typoid =
                column.hasType(attribute.typname())
                        ? OptionalLong.of(attribute.typoid())
                        : CatalogTables.typeOid(connection.get(), column.typname());
        return typoid.isEmpty()
                ? null
                : ofMessage(column, attribute.attnum(), typoid.getAsLong(), attribute.typmod());
    }

    /**
     * The column of the message's type, its modifier found again from the length and scale Debezium
     * reports (a dropped column keeps its modifier in the catalog); nullability unknown.
     */
    @Nullable
    private ColumnLayout ofMessage(
            RelationColumn column, int attnum, long typoid, int catalogTypmod) throws SQLException {
        for (int typmod : column.modifiers(catalogTypmod)) {
            if (column.hasModifier(connection.get(), typoid, typmod)) {
                return CatalogTables.column(
                        connection.get(), attnum, column.name(), typoid, typmod);
            }
        }
        return null;
    }

    /** Step 2: whether the catalog's columns now are the message's. */
    private boolean isCatalogs(List<RelationColumn> message, TableNow now) throws SQLException {
        List<Attribute> live = now.attributes().stream().filter(a -> !a.dropped()).toList();
        if (live.size() != message.size()) {
            return false;
        }
        for (int i = 0; i < live.size(); i++) {
            Attribute attribute = live.get(i);
            RelationColumn column = message.get(i);
            ColumnLayout named = now.column(attribute.attnum());
            if (named == null
                    || !named.name().equals(column.name())
                    || !column.hasType(attribute.typname())
                    || !column.hasModifier(
                            connection.get(), attribute.typoid(), attribute.typmod())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Step 3: whether the layout the pipeline knows is the message's, name for name and type for
     * type (one of the modifiers of the reported length and scale gives the known type: Debezium
     * reports {@code timestamp(6)} as it reports {@code timestamp}).
     */
    private boolean isKnown(List<RelationColumn> message, TableLayout known) throws SQLException {
        if (known.columns().size() != message.size()) {
            return false;
        }
        for (int i = 0; i < message.size(); i++) {
            ColumnLayout was = known.columns().get(i);
            RelationColumn column = message.get(i);
            if (!was.name().equals(column.name()) || !hasKnownType(column, was)) {
                return false;
            }
        }
        return true;
    }

    private boolean hasKnownType(RelationColumn column, ColumnLayout was) throws SQLException {
        OptionalLong typoid = CatalogTables.typeOid(connection.get(), column.typname());
        if (typoid.isEmpty()) {
            return false;
        }
        for (int typmod : column.modifiers(-1)) {
            if (column.hasModifier(connection.get(), typoid.getAsLong(), typmod)
                    && was.type()
                            .equals(
                                    CatalogTables.column(
                                                    connection.get(),
                                                    was.attnum(),
                                                    was.name(),
                                                    typoid.getAsLong(),
                                                    typmod)
                                            .type())) {
                return true;
            }
        }
        return false;
    }

    private static List<String> live(TableNow now) {
        List<String> columns = new ArrayList<>();
        for (Attribute attribute : now.attributes()) {
            ColumnLayout column = now.column(attribute.attnum());
            if (!attribute.dropped() && column != null) {
                columns.add(column.name() + " " + attribute.typname());
            }
        }
        return columns;
    }

    @Override
    public void close() {
        connection.close();
    }
}
