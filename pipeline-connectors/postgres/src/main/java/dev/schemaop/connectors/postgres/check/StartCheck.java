package dev.schemaop.connectors.postgres.check;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.catalog.DdlCapture;
import dev.schemaop.connectors.postgres.catalog.Layouts;
import dev.schemaop.connectors.postgres.catalog.TableLayout;
import dev.schemaop.connectors.postgres.slot.PostgresConnections;
import dev.schemaop.connectors.postgres.slot.ReplicationSlots;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The source's check at submission: one connection, and what the running job would otherwise meet
 * only inside Flink's restarts, each as one message that says what is wrong and what to change,
 * never with the password:
 *
 * <ol>
 *   <li>the connection: credentials, host, port, database ({@link IllegalArgumentException}: the
 *       source block is wrong);
 *   <li>{@code wal_level = logical} ({@link PipelineConfigException}: the server is to change);
 *   <li>the account: a superuser ({@link PipelineConfigException}, with the statement);
 *   <li>{@code tables} as PostgreSQL's regular expressions ({@link IllegalArgumentException});
 *   <li>{@code tables} matches at least one table ({@link IllegalArgumentException});
 *   <li>every captured table has a replica identity: without one PostgreSQL refuses the
 *       application's UPDATE and DELETE on a table in a publication ({@link
 *       PipelineConfigException}, with the ALTER TABLE);
 *   <li>the slot is not read by another connection now ({@link PipelineConfigException}).
 * </ol>
 */
public final class StartCheck {
    private StartCheck() {}

    public static void check(PostgresSourceSettings settings) {
        try (Connection connection = PostgresConnections.open(settings)) {
            walLevel(settings, connection);
            account(settings, connection);
            patternsOnTheServer(settings, connection);
            List<TableLayout> captured = Layouts.read(connection, l -> settings.captures(l.id()));
            tables(settings, captured);
            replicaIdentity(settings, connection, captured);
            Optional<ReplicationSlots.SlotState> slot =
                    ReplicationSlots.settledState(connection, settings.slotName());
            if (slot.isPresent() && slot.get().active()) {
                throw new PipelineConfigException(
                        ReplicationSlots.inUse(settings, slot.get()).getMessage());
            }
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

    private static void account(PostgresSourceSettings settings, Connection connection)
            throws SQLException {
        if (!"true"
                .equals(
                        single(
                                connection,
                                "SELECT rolsuper::text FROM pg_roles WHERE rolname = current_user"))) {
            throw new PipelineConfigException(
                    "The postgres source runs as a superuser: at each start it installs, in"
                            + " database '"
                            + settings.database()
                            + "', the event triggers that write each DDL into the WAL (PostgreSQL"
                            + " lets only superusers create them) and makes its publication and"
                            + " slot. The user '"
                            + settings.username()
                            + "' is not one: run the source as a superuser, or run as one: ALTER"
                            + " ROLE \""
                            + settings.username()
                            + "\" SUPERUSER;");
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
