package dev.schemaop.connectors.postgres.source;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.catalog.CatalogTables;
import dev.schemaop.connectors.postgres.catalog.CatalogTables.Attribute;
import dev.schemaop.connectors.postgres.catalog.CatalogTables.TableNow;
import dev.schemaop.connectors.postgres.catalog.ColumnLayout;
import dev.schemaop.connectors.postgres.catalog.TableLayout;
import dev.schemaop.connectors.postgres.slot.PostgresConnections;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;

import javax.annotation.Nullable;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
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
 * message, with the columns' names and types in attnum order; which attnum each column has, which
 * tells a rename from a drop plus an add, is worked out from {@code pg_attribute}, read when the
 * rows are, when the table may have changed again since they were written:
 *
 * <ol>
 *   <li>by attnum alone, where that has one answer: a column the pipeline knows and the catalog
 *       still has was there when the rows were written (an attnum is never used again), and one
 *       added since the layout the pipeline knows has a higher attnum than any it had; when the
 *       message has exactly the former, or all of both, its columns are those attnums in order;
 *   <li>else the catalog's columns when they are the message's, name for name and type for type
 *       (the table did not change again, or only so that names and types are the same);
 *   <li>else the layout the pipeline knows when it is the message's (rows written before a change);
 *   <li>else the job ends, saying what to do: never a guess.
 * </ol>
 */
final class RelationLayouts implements AutoCloseable {
    /** The parameters Debezium's {@code column.propagate.source.type} puts on each field. */
    private static final String TYPE = "__debezium.source.column.type";

    private static final String LENGTH = "__debezium.source.column.length";
    private static final String SCALE = "__debezium.source.column.scale";

    /**
     * The most sets of attnums tried for one message: a table with many dropped columns would take
     * long, and is rather told to start anew.
     */
    private static final long MAX_CHOICES = 100_000;

    private final PostgresSourceSettings settings;

    /** Per table, the Connect schema of the rows whose layout was last settled. */
    private final Map<TableId, Schema> settled = new HashMap<>();

    /** Tables of the publication the pipeline does not capture (renamed out of its patterns). */
    private final Set<TableId> ignored = new HashSet<>();

    @Nullable private Connection connection;

    RelationLayouts(PostgresSourceSettings settings) {
        this.settings = settings;
    }

    /** Whether the layout of rows of this Connect schema is the one the pipeline knows. */
    boolean settled(TableId table, Schema rows) {
        return settled.get(table) == rows;
    }

    boolean ignored(TableId table) {
        return ignored.contains(table);
    }

    void ignore(TableId table) {
        ignored.add(table);
    }

    /** The oid of the table of that name now (the rows of a table renamed since they began). */
    OptionalLong oidOf(TableId table) throws SQLException {
        return CatalogTables.oidOf(connection(), table);
    }

    /**
     * The layout of the table's rows of this Connect schema, under the name they carry.
     *
     * @param known the layout the pipeline knows of the table (of the same oid), null if none
     */
    TableLayout layoutOf(TableId table, long oid, Schema rows, @Nullable TableLayout known)
            throws SQLException {
        List<MessageColumn> message = MessageColumn.of(rows);
        TableNow now = CatalogTables.now(connection(), oid);
        TableLayout layout = null;
        if (now != null) {
            layout = byAttnum(table, message, now, known);
            if (layout == null && isCatalogs(message, now)) {
                layout = renamed(now.layout(), table);
            }
        }
        if (layout == null && known != null && isKnown(message, known)) {
            layout = known;
        }
        if (layout == null) {
            throw new NonRecoverableException(
                    "The postgres source (schema-changes.capture: relation) reads rows of "
                            + table
                            + " with the columns "
                            + message
                            + ", but the catalog has "
                            + (now == null ? "no such table" : live(now))
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
            TableId table, List<MessageColumn> message, TableNow now, @Nullable TableLayout known)
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
                onlyChoice(certain, possible, message.size() - certain.size(), attributes);
        if (added == null) {
            return null;
        }
        TreeSet<Integer> attnums = new TreeSet<>(certain);
        attnums.addAll(added);
        List<ColumnLayout> columns = new ArrayList<>();
        Map<Integer, String> names = new HashMap<>();
        int i = 0;
        for (int attnum : attnums) {
            MessageColumn column = message.get(i++);
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
                Math.max(before, attnums.isEmpty() ? 0 : attnums.last()));
    }

    /**
     * The one set of {@code more} attnums of the possible ones the rows can have had, or null when
     * there is none or more than one. A column created after the rows were written has a higher
     * attnum than any of theirs, so a possible attnum the catalog has as a column now and the rows
     * lack must be above all of theirs (one dropped now may have been dropped before them).
     */
    @Nullable
    static TreeSet<Integer> onlyChoice(
            TreeSet<Integer> certain,
            TreeSet<Integer> possible,
            int more,
            Map<Integer, Attribute> attributes) {
        if (more < 0 || more > possible.size() || choices(possible.size(), more) > MAX_CHOICES) {
            return null;
        }
        List<TreeSet<Integer>> found = new ArrayList<>();
        choose(new ArrayList<>(possible), 0, more, new TreeSet<>(), certain, attributes, found);
        return found.size() == 1 ? found.get(0) : null;
    }

    /** How many ways there are to choose {@code k} of {@code n}, at most past the bound. */
    private static long choices(int n, int k) {
        long ways = 1;
        for (int i = 1; i <= k && ways <= MAX_CHOICES; i++) {
            ways = ways * (n - k + i) / i;
        }
        return ways;
    }

    private static void choose(
            List<Integer> possible,
            int from,
            int more,
            TreeSet<Integer> chosen,
            TreeSet<Integer> certain,
            Map<Integer, Attribute> attributes,
            List<TreeSet<Integer>> found) {
        if (found.size() > 1) {
            return; // not the only choice: enough
        }
        if (more == 0) {
            int highest =
                    Math.max(
                            chosen.isEmpty() ? 0 : chosen.last(),
                            certain.isEmpty() ? 0 : certain.last());
            for (int attnum : possible) {
                if (!chosen.contains(attnum)
                        && !attributes.get(attnum).dropped()
                        && attnum < highest) {
                    return; // a column the rows lack, created before one they have
                }
            }
            found.add(new TreeSet<>(chosen));
            return;
        }
        for (int i = from; i <= possible.size() - more; i++) {
            chosen.add(possible.get(i));
            choose(possible, i + 1, more - 1, chosen, certain, attributes, found);
            chosen.remove(possible.get(i));
        }
    }

    /**
     * The column the message names at that attnum: the catalog's when its type is still the one the
     * message has, else of the message's type, its modifier found again from the length and scale
     * Debezium reports; null when no type of the catalog's gives them.
     */
    @Nullable
    private ColumnLayout typed(MessageColumn column, Attribute attribute, TableNow now)
            throws SQLException {
        if (!attribute.dropped()
                && column.typname().equals(attribute.typname())
                && column.hasModifier(attribute.typoid(), attribute.typmod(), connection())) {
            ColumnLayout catalogs = now.column(attribute.attnum());
            if (catalogs != null) {
                return new ColumnLayout(
                        catalogs.attnum(),
                        column.name(),
                        catalogs.type(),
                        catalogs.category(),
                        catalogs.element(),
                        catalogs.notNull());
            }
        }
        OptionalLong typoid = CatalogTables.typeOid(connection(), column.typname());
        if (typoid.isEmpty()) {
            return null;
        }
        for (int typmod : column.modifiers(attribute.typmod())) {
            if (column.hasModifier(typoid.getAsLong(), typmod, connection())) {
                return CatalogTables.column(
                        connection(),
                        attribute.attnum(),
                        column.name(),
                        typoid.getAsLong(),
                        typmod);
            }
        }
        return null;
    }

    /** Step 2: whether the catalog's columns now are the message's. */
    private boolean isCatalogs(List<MessageColumn> message, TableNow now) throws SQLException {
        List<Attribute> live = now.attributes().stream().filter(a -> !a.dropped()).toList();
        if (live.size() != message.size()) {
            return false;
        }
        for (int i = 0; i < live.size(); i++) {
            Attribute attribute = live.get(i);
            MessageColumn column = message.get(i);
            ColumnLayout named = now.column(attribute.attnum());
            if (named == null
                    || !named.name().equals(column.name())
                    || !column.typname().equals(attribute.typname())
                    || !column.hasModifier(attribute.typoid(), attribute.typmod(), connection())) {
                return false;
            }
        }
        return true;
    }

    /** Step 3: whether the layout the pipeline knows is the message's (names and type names). */
    private boolean isKnown(List<MessageColumn> message, TableLayout known) throws SQLException {
        List<String> typeNames = CatalogTables.typeNames(connection(), known);
        if (typeNames.size() != message.size()) {
            return false;
        }
        for (int i = 0; i < message.size(); i++) {
            if (!message.get(i).name().equals(known.columns().get(i).name())
                    || !message.get(i).typname().equals(typeNames.get(i))) {
                return false;
            }
        }
        return true;
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

    /** The catalog's layout under the name the rows carry (the same table: its oid). */
    private static TableLayout renamed(TableLayout layout, TableId table) {
        if (layout.id().equals(table)) {
            return layout;
        }
        return new TableLayout(
                layout.oid(),
                table.getSchemaName(),
                table.getTableName(),
                layout.columns(),
                layout.key(),
                layout.highest());
    }

    private Connection connection() throws SQLException {
        if (connection == null) {
            connection = PostgresConnections.open(settings);
            connection.setReadOnly(true);
        }
        return connection;
    }

    @Override
    public void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // the server ends the session with the socket
            }
            connection = null;
        }
    }

    /**
     * A column as the Relation message gave it to Debezium: its name, its type's name, and the
     * length and scale the JDBC driver makes of its modifier (null where Debezium gave none).
     */
    private record MessageColumn(
            String name, String typname, @Nullable Integer length, @Nullable Integer scale) {

        static List<MessageColumn> of(Schema rows) {
            List<MessageColumn> columns = new ArrayList<>();
            for (Field field : rows.fields()) {
                Map<String, String> parameters = field.schema().parameters();
                Map<String, String> p = parameters == null ? Map.of() : parameters;
                columns.add(
                        new MessageColumn(
                                field.name(),
                                p.getOrDefault(TYPE, "?").toLowerCase(),
                                p.containsKey(LENGTH) ? Integer.valueOf(p.get(LENGTH)) : null,
                                p.containsKey(SCALE) ? Integer.valueOf(p.get(SCALE)) : null));
            }
            return columns;
        }

        boolean hasModifier(long typoid, int typmod, Connection connection) throws SQLException {
            int[] lengthAndScale = CatalogTables.lengthAndScale(connection, typoid, typmod);
            return (length == null || length == lengthAndScale[0])
                    && (scale == null || scale == lengthAndScale[1]);
        }

        /**
         * The modifiers to try for a type's column of this length and scale: the one the catalog
         * keeps, none, and those of PostgreSQL's types with a length, a precision and scale, or a
         * precision of fractional seconds.
         */
        List<Integer> modifiers(int catalogs) {
            List<Integer> typmods = new ArrayList<>(List.of(catalogs, -1));
            if (length != null && length >= 0) {
                typmods.add(length + 4);
                typmods.add(((length << 16) | (scale == null ? 0 : scale)) + 4);
                typmods.add(length);
            }
            return typmods;
        }

        @Override
        public String toString() {
            return name + " " + typname;
        }
    }
}
