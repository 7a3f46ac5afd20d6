package dev.schemaop.connectors.postgres.slot;

import static dev.schemaop.connectors.postgres.catalog.Identifiers.quote;

import dev.schemaop.connectors.postgres.catalog.DdlCapture;
import dev.schemaop.connectors.postgres.catalog.Layouts;
import dev.schemaop.connectors.postgres.catalog.TableLayout;

import org.apache.flink.cdc.common.event.TableId;

import java.sql.Connection;
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
