package dev.schemaop.connectors.postgres.slot;

import static dev.schemaop.connectors.postgres.catalog.Identifiers.quote;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.catalog.DdlCapture;
import dev.schemaop.connectors.postgres.catalog.Layouts;
import dev.schemaop.connectors.postgres.catalog.TableLayout;

import org.apache.flink.cdc.common.event.TableId;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The publication a new job's slot decodes with, made anew: the tables captured now and the DDL
 * capture's log. Only the captured tables: a table in a publication of updates and deletes needs a
 * replica identity, which no other table of the user's is to need. A table created later enters
 * through the DDL capture; the start holds the lock the capture takes, so a table created while the
 * publication is made is either listed here or added by the capture after.
 */
public final class Publications {
    private Publications() {}

    /**
     * @param withLog whether the DDL capture's log is in it (not when DDL is seen from Relation
     *     messages: then the trigger is not installed by this pipeline)
     */
    public static void recreate(
            Connection connection,
            String publication,
            Predicate<TableLayout> captured,
            boolean withLog)
            throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (Statement sql = connection.createStatement()) {
            sql.execute("SELECT pg_advisory_xact_lock(hashtext('schemaop.publications'))");
            List<TableId> tables = new ArrayList<>();
            if (withLog) {
                tables.add(DdlCapture.LOG);
            }
            Layouts.read(connection, captured).forEach(layout -> tables.add(layout.id()));
            sql.execute("DROP PUBLICATION IF EXISTS " + quote(publication));
            sql.execute(
                    "CREATE PUBLICATION "
                            + quote(publication)
                            + " FOR TABLE "
                            + tables.stream()
                                    .map(
                                            t ->
                                                    quote(t.getSchemaName())
                                                            + "."
                                                            + quote(t.getTableName()))
                                    .collect(Collectors.joining(", "))
                            + " WITH (publish_via_partition_root = true)");
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    /**
     * A restore reads the slot with the publication its job made, with the DDL capture's log in it
     * or without: a start that would see DDL the other way would miss it, and is refused.
     */
    public static void checkSameCapture(Connection connection, PostgresSourceSettings settings)
            throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement(
                        "SELECT EXISTS (SELECT 1 FROM pg_publication WHERE pubname = ?),"
                                + " EXISTS (SELECT 1 FROM pg_publication_tables WHERE pubname = ?"
                                + " AND schemaname = ? AND tablename = ?)")) {
            query.setString(1, settings.publication());
            query.setString(2, settings.publication());
            query.setString(3, DdlCapture.LOG.getSchemaName());
            query.setString(4, DdlCapture.LOG.getTableName());
            try (ResultSet row = query.executeQuery()) {
                row.next();
                boolean withLog = row.getBoolean(2);
                if (!row.getBoolean(1) || withLog == settings.eventTrigger()) {
                    return; // a publication gone is the stream's to report
                }
                throw new NonRecoverableException(
                        withLog
                                ? "The job restores a checkpoint of a pipeline that saw DDL through"
                                        + " the event trigger, and this start would read Relation"
                                        + " messages (schema-changes.capture: relation): restore"
                                        + " it as a superuser with schema-changes.capture:"
                                        + " event-trigger, or start the pipeline anew with --fresh."
                                : "The job restores a checkpoint of a pipeline that read DDL from"
                                        + " Relation messages, and this start would see it through"
                                        + " the event trigger, whose log the slot's publication"
                                        + " lacks: DDL would go unseen. Restore it with"
                                        + " schema-changes.capture: relation, or start the"
                                        + " pipeline anew with --fresh.");
            }
        }
    }

    /**
     * Drops the publication (a bounded snapshot's, made only for its slot) and, with the DDL
     * capture, its patterns.
     */
    public static void drop(Connection connection, String publication, boolean withCapture)
            throws SQLException {
        try (Statement sql = connection.createStatement()) {
            sql.execute("DROP PUBLICATION IF EXISTS " + quote(publication));
            if (!withCapture) {
                return;
            }
            sql.execute(
                    "DELETE FROM schemaop.captures WHERE publication = '"
                            + publication.replace("'", "''")
                            + "'");
        }
    }
}
