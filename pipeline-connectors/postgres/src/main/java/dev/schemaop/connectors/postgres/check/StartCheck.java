package dev.schemaop.connectors.postgres.check;

import static dev.schemaop.connectors.postgres.catalog.Identifiers.quote;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.SchemaChangesCapture;
import dev.schemaop.connectors.postgres.catalog.DdlCapture;
import dev.schemaop.connectors.postgres.catalog.Layouts;
import dev.schemaop.connectors.postgres.catalog.TableLayout;
import dev.schemaop.connectors.postgres.slot.PostgresConnections;
import dev.schemaop.connectors.postgres.slot.ReplicationSlots;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The source's check at submission: one connection, and what the running job would otherwise meet
 * only inside Flink's restarts, each as one message that says what is wrong and what to change,
 * never with the password:
 *
 * <ol>
 *   <li>the connection: credentials, host, port, database ({@link IllegalArgumentException}: the
 *       source block is wrong);
 *   <li>{@code wal_level = logical} ({@link PipelineConfigException}: the server is to change);
 *   <li>the account: a superuser for the event trigger; for Relation messages REPLICATION, CREATE
 *       on the database and the captured tables' ownership ({@link PipelineConfigException}, with
 *       the statement); {@code schema-changes.capture} chosen when unset;
 *   <li>{@code tables} as PostgreSQL's regular expressions ({@link IllegalArgumentException});
 *   <li>{@code tables} matches at least one table ({@link IllegalArgumentException});
 *   <li>every captured table has a replica identity: without one PostgreSQL refuses the
 *       application's UPDATE and DELETE on a table in a publication ({@link
 *       PipelineConfigException}, with the ALTER TABLE);
 *   <li>the slot is not read by another connection now ({@link PipelineConfigException}).
 * </ol>
 */
public final class StartCheck {
    private static final Logger LOG = LoggerFactory.getLogger(StartCheck.class);

    private StartCheck() {}

    /**
     * @return the settings with {@code schema-changes.capture} chosen, when the user left it unset
     */
    public static PostgresSourceSettings check(PostgresSourceSettings settings) {
        try (Connection connection = PostgresConnections.open(settings)) {
            walLevel(settings, connection);
            SchemaChangesCapture capture = account(settings, connection);
            if (capture == SchemaChangesCapture.EVENT_TRIGGER) {
                patternsOnTheServer(settings, connection);
            }
            List<TableLayout> captured = Layouts.read(connection, l -> settings.captures(l.id()));
            tables(settings, captured);
            if (capture == SchemaChangesCapture.RELATION) {
                owned(settings, connection, captured);
            }
            replicaIdentity(settings, connection, captured);
            Optional<ReplicationSlots.SlotState> slot =
                    ReplicationSlots.settledState(connection, settings.slotName());
            if (slot.isPresent() && slot.get().active()) {
                throw new PipelineConfigException(
                        ReplicationSlots.inUse(settings, slot.get()).getMessage());
            }
            return settings.withCapture(capture);
        } catch (SQLException e) {
            throw new IllegalArgumentException(
                    connectionMessage(settings, e), Secrets.scrub(e, settings.secrets()));
        }
    }

    static String connectionMessage(PostgresSourceSettings settings, SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String hint;
        if (state.equals("28P01") || state.equals("28000")) {
            hint = "Check the credentials: the source options 'username' and 'password'.";
        } else if (state.equals("3D000")) {
            hint = "Check 'database-name': the server has no such database.";
        } else if (state.startsWith("08")) {
            hint =
                    "Check 'hostname' and 'port', and that the server runs and accepts connections"
                            + " from here within 'connect.timeout'.";
        } else {
            hint = "Check 'hostname', 'port', 'username', 'password' and 'database-name'.";
        }
        String message = e.getMessage() == null ? e.toString() : e.getMessage().strip();
        return "The postgres source cannot read "
                + settings.endpoint()
                + ": "
                + Secrets.mask(message, settings.secrets())
                + (message.endsWith(".") ? " " : ". ")
                + hint;
    }

    private static void walLevel(PostgresSourceSettings settings, Connection connection)
            throws SQLException {
        String level = single(connection, "SHOW wal_level");
        if (!"logical".equals(level)) {
            throw new PipelineConfigException(
                    "The postgres source needs logical decoding, and the server of "
                            + settings.endpoint()
                            + " has wal_level = "
                            + level
                            + ". Run ALTER SYSTEM SET wal_level = logical as a superuser and"
                            + " restart the server.");
        }
    }

    /**
     * The capture the account allows: the user's choice, checked, or, left unset, the event trigger
     * for a superuser and Relation messages for another user.
     */
    private static SchemaChangesCapture account(
            PostgresSourceSettings settings, Connection connection) throws SQLException {
        boolean superuser =
                "true"
                        .equals(
                                single(
                                        connection,
                                        "SELECT rolsuper::text FROM pg_roles"
                                                + " WHERE rolname = current_user"));
        SchemaChangesCapture capture = settings.capture();
        if (capture == null) {
            capture =
                    superuser ? SchemaChangesCapture.EVENT_TRIGGER : SchemaChangesCapture.RELATION;
            if (!superuser) {
                LOG.warn(
                        "The postgres source's user '{}' is not a superuser, who alone may create"
                                + " the event trigger that writes each DDL into the WAL: it sees"
                                + " schema changes from Relation messages"
                                + " (schema-changes.capture: relation), at the first row written"
                                + " after each, and not a table created after the start. Run it"
                                + " as a superuser, or set schema-changes.capture: relation to say"
                                + " so.",
                        settings.username());
            }
        }
        if (capture == SchemaChangesCapture.EVENT_TRIGGER && !superuser) {
            throw new PipelineConfigException(
                    "The postgres source with schema-changes.capture: event-trigger runs as a"
                            + " superuser: at each start it installs, in database '"
                            + settings.database()
                            + "', the event triggers that write each DDL into the WAL (PostgreSQL"
                            + " lets only superusers create them). The user '"
                            + settings.username()
                            + "' is not one: run as one (ALTER ROLE "
                            + quote(settings.username())
                            + " SUPERUSER;), or set schema-changes.capture: relation, which"
                            + " needs no superuser and sees less (the postgres source's README).");
        }
        if (capture == SchemaChangesCapture.RELATION && !superuser) {
            relationRights(settings, connection);
        }
        return capture;
    }

    /**
     * What the source does without a superuser: create its slot (REPLICATION) and its publication
     * (CREATE on the database, and owning each table it lists).
     */
    private static void relationRights(PostgresSourceSettings settings, Connection connection)
            throws SQLException {
        String user = quote(settings.username());
        if (!"true"
                .equals(
                        single(
                                connection,
                                "SELECT rolreplication::text FROM pg_roles"
                                        + " WHERE rolname = current_user"))) {
            throw new PipelineConfigException(
                    "The postgres source creates a replication slot, which needs the REPLICATION"
                            + " attribute, and the user '"
                            + settings.username()
                            + "' lacks it. Run as a superuser: ALTER ROLE "
                            + user
                            + " REPLICATION;");
        }
        if (!"true"
                .equals(
                        single(
                                connection,
                                "SELECT has_database_privilege(current_database(), 'CREATE')"
                                        + "::text"))) {
            throw new PipelineConfigException(
                    "The postgres source creates a publication in database '"
                            + settings.database()
                            + "', which needs the CREATE privilege there, and the user '"
                            + settings.username()
                            + "' lacks it. Run as its owner or a superuser: GRANT CREATE ON"
                            + " DATABASE "
                            + quote(settings.database())
                            + " TO "
                            + user
                            + ";");
        }
    }

    /**
     * The patterns as PostgreSQL reads them: the DDL capture matches a new table against them on
     * the server, and a pattern Java takes but PostgreSQL does not would never match there.
     */
    private static void patternsOnTheServer(PostgresSourceSettings settings, Connection connection)
            throws SQLException {
        try (PreparedStatement match = connection.prepareStatement("SELECT 'x' ~ ?")) {
            for (TablePattern pattern : settings.tables()) {
                for (String regex : List.of(pattern.database(), pattern.table())) {
                    match.setString(1, DdlCapture.anchored(regex));
                    try {
                        match.executeQuery().close();
                    } catch (SQLException e) {
                        throw new IllegalArgumentException(
                                "Option 'tables' of the postgres source: '"
                                        + pattern.text()
                                        + "' is a regular expression PostgreSQL does not read ("
                                        + e.getMessage()
                                        + "), and the source matches new tables against it on"
                                        + " the server. Write it in the syntax Java and"
                                        + " PostgreSQL share (., *, +, ?, |, (), [], \\.)");
                    }
                }
            }
        }
    }

    private static void tables(PostgresSourceSettings settings, List<TableLayout> captured) {
        if (captured.isEmpty()) {
            throw new IllegalArgumentException(
                    "Option 'tables' of the postgres source ("
                            + settings.tables().stream()
                                    .map(p -> p.text())
                                    .reduce((a, b) -> a + ", " + b)
                                    .orElse("")
                            + ") matches no table of database '"
                            + settings.database()
                            + "'. Write schema.table patterns of its tables, e.g. public.orders.");
        }
    }

    /**
     * The captured tables the user does not own: PostgreSQL lets only a table's owner list it in a
     * publication (a superuser owns every table).
     */
    private static void owned(
            PostgresSourceSettings settings, Connection connection, List<TableLayout> captured)
            throws SQLException {
        List<TableLayout> others = new ArrayList<>();
        try (PreparedStatement query =
                connection.prepareStatement(
                        "SELECT pg_has_role(c.relowner, 'USAGE') FROM pg_class c WHERE c.oid = ?")) {
            for (TableLayout table : captured) {
                query.setLong(1, table.oid());
                try (ResultSet row = query.executeQuery()) {
                    if (row.next() && !row.getBoolean(1)) {
                        others.add(table);
                    }
                }
            }
        }
        if (!others.isEmpty()) {
            throw new PipelineConfigException(
                    "The postgres source lists its tables in a publication, which PostgreSQL"
                            + " allows a table's owner only, and the user '"
                            + settings.username()
                            + "' does not own "
                            + others.stream()
                                    .map(t -> t.id().toString())
                                    .collect(Collectors.joining(", "))
                            + ". Run as their owner, or as a superuser with"
                            + " schema-changes.capture: event-trigger, or make the user their"
                            + " owner: ALTER TABLE "
                            + quote(others.get(0).schema())
                            + "."
                            + quote(others.get(0).table())
                            + " OWNER TO "
                            + quote(settings.username())
                            + "; (and so for the others), or leave them out of 'tables'.");
        }
    }

    private static void replicaIdentity(
            PostgresSourceSettings settings, Connection connection, List<TableLayout> captured)
            throws SQLException {
        List<String> without = new ArrayList<>();
        try (PreparedStatement query =
                connection.prepareStatement("SELECT relreplident FROM pg_class WHERE oid = ?")) {
            for (TableLayout table : captured) {
                query.setLong(1, table.oid());
                try (ResultSet row = query.executeQuery()) {
                    row.next();
                    String identity = row.getString(1);
                    if ("n".equals(identity) || ("d".equals(identity) && table.key().isEmpty())) {
                        without.add(table.id().toString());
                    }
                }
            }
        }
        if (!without.isEmpty()) {
            throw new PipelineConfigException(
                    "The postgres source captures tables without a replica identity ("
                            + String.join(", ", without)
                            + "): in the source's publication, PostgreSQL would refuse the"
                            + " application's UPDATE and DELETE on them. Give each a primary key,"
                            + " or run ALTER TABLE "
                            + without.get(0)
                            + " REPLICA IDENTITY FULL; (and so for the others), or leave them"
                            + " out of 'tables'.");
        }
    }

    private static String single(Connection connection, String query) throws SQLException {
        try (Statement sql = connection.createStatement();
                ResultSet row = sql.executeQuery(query)) {
            row.next();
            return row.getString(1);
        }
    }
}
