package dev.schemaop.connectors.postgres.catalog;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Installs, in the captured database, what makes every DDL statement visible in the change stream:
 * an event trigger at the end of each DDL command on a table writes the table's layout after it
 * (its columns with their attnum, types and key, {@link TableLayout}) into the WAL as a
 * transactional logical decoding message, and one on dropped tables writes the drop. The messages
 * arrive in the slot's stream in order with the rows, on a table that gets no rows too. Installed
 * idempotently at each start of a reader (functions replaced, triggers created when missing).
 */
public final class DdlCapture {
    /** The prefix of the messages, which the stream reads and nothing else writes. */
    public static final String MESSAGE_PREFIX = "schemaop.ddl";

    static final String SCHEMA = "schemaop";

    /** A table's layout as JSON, of the table {@code c} of pg_class: one text for all uses. */
    private static final String LAYOUT_OF_C =
            "json_build_object("
                    + "  'oid', c.oid, 'schema', n.nspname, 'table', c.relname,"
                    + "  'columns', COALESCE((SELECT json_agg(json_build_object("
                    + "     'attnum', a.attnum, 'name', a.attname,"
                    + "     'type', format_type(a.atttypid, a.atttypmod),"
                    + "     'category', t.typcategory,"
                    + "     'element', CASE WHEN t.typcategory = 'A'"
                    + "                THEN format_type(t.typelem, NULL) END,"
                    + "     'notnull', a.attnotnull) ORDER BY a.attnum)"
                    + "   FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid"
                    + "   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped),"
                    + "   '[]'::json),"
                    + "  'key', COALESCE((SELECT json_agg(a.attname"
                    + "          ORDER BY array_position(i.indkey::int2[], a.attnum))"
                    + "   FROM pg_index i JOIN pg_attribute a"
                    + "     ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)"
                    + "   WHERE i.indrelid = c.oid AND i.indisprimary), '[]'::json))::text"
                    + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace";

    private static final String LAYOUT_FUNCTION =
            "CREATE OR REPLACE FUNCTION schemaop.table_layout(rel oid) RETURNS text"
                    + " LANGUAGE sql STABLE AS $f$ SELECT "
                    + LAYOUT_OF_C
                    + " WHERE c.oid = rel $f$";

    private static final String CAPTURE_DDL_FUNCTION =
            "CREATE OR REPLACE FUNCTION schemaop.capture_ddl() RETURNS event_trigger"
                    + " LANGUAGE plpgsql AS $f$"
                    + " DECLARE rel oid;"
                    + " BEGIN"
                    + "  FOR rel IN SELECT DISTINCT d.objid FROM pg_event_trigger_ddl_commands() d"
                    + "    JOIN pg_class c ON c.oid = d.objid"
                    + "    WHERE d.classid = 'pg_class'::regclass AND c.relkind IN ('r', 'p')"
                    + "  LOOP"
                    + "   PERFORM pg_logical_emit_message(true, '"
                    + MESSAGE_PREFIX
                    + "', schemaop.table_layout(rel));"
                    + "  END LOOP;"
                    + " END $f$";

    private static final String CAPTURE_DROP_FUNCTION =
            "CREATE OR REPLACE FUNCTION schemaop.capture_drop() RETURNS event_trigger"
                    + " LANGUAGE plpgsql AS $f$"
                    + " DECLARE r record;"
                    + " BEGIN"
                    + "  FOR r IN SELECT * FROM pg_event_trigger_dropped_objects()"
                    + "    WHERE object_type = 'table'"
                    + "  LOOP"
                    + "   PERFORM pg_logical_emit_message(true, '"
                    + MESSAGE_PREFIX
                    + "', json_build_object('oid', r.objid, 'schema', r.schema_name,"
                    + "     'table', r.object_name, 'dropped', true)::text);"
                    + "  END LOOP;"
                    + " END $f$";

    private DdlCapture() {}

    /**
     * @throws SQLException when the user may not create it (an event trigger needs a superuser)
     */
    public static void install(Connection connection) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            // one installer at a time per database: two readers starting together would both
            // find a trigger missing
            statement.execute("SELECT pg_advisory_xact_lock(hashtext('schemaop.ddl_capture'))");
            statement.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
            statement.execute(LAYOUT_FUNCTION);
            statement.execute(CAPTURE_DDL_FUNCTION);
            statement.execute(CAPTURE_DROP_FUNCTION);
            statement.execute(
                    "DO $d$ BEGIN"
                            + " IF NOT EXISTS (SELECT 1 FROM pg_event_trigger"
                            + "   WHERE evtname = 'schemaop_capture_ddl') THEN"
                            + "  CREATE EVENT TRIGGER schemaop_capture_ddl ON ddl_command_end"
                            + "   EXECUTE FUNCTION schemaop.capture_ddl();"
                            + " END IF;"
                            + " IF NOT EXISTS (SELECT 1 FROM pg_event_trigger"
                            + "   WHERE evtname = 'schemaop_capture_drop') THEN"
                            + "  CREATE EVENT TRIGGER schemaop_capture_drop ON sql_drop"
                            + "   EXECUTE FUNCTION schemaop.capture_drop();"
                            + " END IF;"
                            + " END $d$");
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    /**
     * The layouts of every ordinary and partitioned table, as the connection's snapshot sees them
     * (without the capture's function: the start check reads them too).
     */
    public static final String ALL_LAYOUTS =
            "SELECT "
                    + LAYOUT_OF_C
                    + " WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition"
                    + " AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'schemaop')"
                    + " AND n.nspname NOT LIKE 'pg\\_%' ORDER BY n.nspname, c.relname";
}
