package dev.schemaop.connectors.postgres.catalog;

import dev.schemaop.connectors.debezium.TablePattern;

import org.apache.flink.cdc.common.event.TableId;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Installs, in the captured database, what makes every DDL statement visible in the change stream.
 * An event trigger at the end of each DDL command on a table writes the table's layout after it
 * (its columns with their attnum, types and key, {@link TableLayout}) as a row inserted into {@code
 * schemaop.ddl_log} (and deleted in the same transaction: the insert in the WAL is the message), a
 * table in every pipeline's publication that only the installing superuser may write (a logical
 * decoding message would be simpler, but any user may emit one, and a forged one would drop a sink
 * table); one on dropped objects writes dropped tables and the layout of a table that lost a column
 * to a cascade. The rows arrive in the slot's stream in order with the rows of their transaction,
 * on a table that gets no rows too; a DDL that rolls back writes none. The trigger also adds a
 * table created or renamed into a pipeline's patterns to its publication, in the same transaction,
 * so its rows from then on are decoded. It never makes the user's DDL fail: what it cannot do is a
 * WARNING. Installed idempotently at each start of a reader.
 */
public final class DdlCapture {
    static final String SCHEMA = "schemaop";

    /** The table the triggers write layouts into: in the stream, its inserts are the DDL. */
    public static final TableId LOG = TableId.tableId(SCHEMA, "ddl_log");

    /** Serializes publication changes: the start's (exclusive) against the trigger's (shared). */
    static final String PUBLICATIONS_LOCK = "hashtext('schemaop.publications')";

    /** A table's layout as JSON, of the table {@code c} of pg_class: one text for all uses. */
    private static final String LAYOUT_OF_C =
            "json_build_object("
                    + "  'oid', c.oid, 'schema', n.nspname, 'table', c.relname,"
                    + "  'columns', COALESCE((SELECT json_agg(json_build_object("
                    + "     'attnum', a.attnum, 'name', a.attname,"
                    + "     'type', format_type(a.atttypid, a.atttypmod),"
                    + "     'category', t.typcategory,"
                    + "     'element', CASE WHEN t.typcategory = 'A'"
                    + "                THEN format_type(t.typelem, a.atttypmod) END,"
                    + "     'notnull', a.attnotnull) ORDER BY a.attnum)"
                    + "   FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid"
                    // generated columns: pgoutput does not send them (before PostgreSQL 18)
                    + "   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped"
                    + "     AND a.attgenerated = ''),"
                    + "   '[]'::json),"
                    + "  'key', COALESCE((SELECT json_agg(a.attname"
                    + "          ORDER BY array_position(i.indkey::int2[], a.attnum))"
                    + "   FROM pg_index i JOIN pg_attribute a"
                    + "     ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)"
                    + "   WHERE i.indrelid = c.oid AND i.indisprimary), '[]'::json),"
                    + "  'highest', (SELECT max(a.attnum) FROM pg_attribute a"
                    + "   WHERE a.attrelid = c.oid AND a.attnum > 0))::text"
                    + " FROM pg_catalog.pg_class c"
                    + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace";

    private static final String LAYOUT_FUNCTION =
            "CREATE OR REPLACE FUNCTION schemaop.table_layout(rel oid) RETURNS text"
                    + " LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $f$ SELECT "
                    + LAYOUT_OF_C
                    + " WHERE c.oid = rel $f$";

    private static final String LOG_TABLE =
            "CREATE TABLE IF NOT EXISTS schemaop.ddl_log ("
                    + " id bigserial PRIMARY KEY, layout text NOT NULL)";

    /**
     * Logs a layout: the insert is what the stream carries, and the row is deleted in the same
     * transaction, as nothing reads the table itself (the log stays empty; its deletes in the
     * stream are ignored).
     */
    private static final String LOG_FUNCTION =
            "CREATE OR REPLACE FUNCTION schemaop.log_layout(entry text) RETURNS void"
                    + " LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $f$"
                    + " DECLARE logged bigint;"
                    + " BEGIN"
                    + "  INSERT INTO schemaop.ddl_log(layout) VALUES (entry) RETURNING id INTO logged;"
                    + "  DELETE FROM schemaop.ddl_log WHERE id = logged;"
                    + " END $f$";

    /** Which tables each pipeline's publication takes: its patterns, as anchored regexes. */
    private static final String CAPTURES_TABLE =
            "CREATE TABLE IF NOT EXISTS schemaop.captures ("
                    + " publication name NOT NULL, schema_regex text NOT NULL,"
                    + " table_regex text NOT NULL)";

    /**
     * After each DDL command on a table, or on a schema (a renamed schema moves its tables): a
     * captured table its publication lacks enters it (a table without a key or identity gets
     * REPLICA IDENTITY FULL first, as a publication of updates needs one), then the table's layout
     * is logged. A table that {@code CREATE TABLE AS} or {@code SELECT INTO} filled before it
     * entered a publication has its rows logged again, as an update of each row to itself between
     * two marks ({@link LayoutMessages.Relogged}): nothing else in the WAL carries them. It runs
     * with its owner's rights, whoever runs the DDL.
     */
    private static final String CAPTURE_DDL_FUNCTION =
            "CREATE OR REPLACE FUNCTION schemaop.capture_ddl() RETURNS event_trigger"
                    + " LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp"
                    + " AS $f$"
                    + " DECLARE rel record; cap record; added boolean; first_column name;"
                    + " BEGIN"
                    + "  PERFORM pg_advisory_xact_lock_shared("
                    + PUBLICATIONS_LOCK
                    + ");"
                    + "  FOR rel IN SELECT DISTINCT c.oid, n.nspname, c.relname, c.relreplident,"
                    + "      EXISTS (SELECT 1 FROM pg_index i"
                    + "        WHERE i.indrelid = c.oid AND i.indisprimary) AS keyed,"
                    + "      d.command_tag IN ('CREATE TABLE AS', 'SELECT INTO') AS filled"
                    + "    FROM pg_event_trigger_ddl_commands() d"
                    + "    JOIN pg_class c ON (d.classid = 'pg_class'::regclass AND c.oid = d.objid)"
                    + "      OR (d.classid = 'pg_namespace'::regclass"
                    + "          AND c.relnamespace = d.objid)"
                    + "    JOIN pg_namespace n ON n.oid = c.relnamespace"
                    + "    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition"
                    + "      AND c.relpersistence = 'p' AND n.nspname <> 'schemaop'"
                    + "  LOOP"
                    + "   added := false;"
                    + "   BEGIN"
                    + "    FOR cap IN SELECT DISTINCT k.publication FROM schemaop.captures k"
                    + "      JOIN pg_publication p ON p.pubname = k.publication"
                    + "      WHERE rel.nspname ~ k.schema_regex AND rel.relname ~ k.table_regex"
                    + "        AND NOT p.puballtables AND NOT EXISTS (SELECT 1"
                    + "          FROM pg_publication_rel r"
                    + "          WHERE r.prpubid = p.oid AND r.prrelid = rel.oid)"
                    + "    LOOP"
                    + "     EXECUTE format('ALTER PUBLICATION %I ADD TABLE %I.%I',"
                    + "       cap.publication, rel.nspname, rel.relname);"
                    + "     added := true;"
                    + "     IF NOT rel.keyed AND rel.relreplident = 'd' THEN"
                    + "      EXECUTE format('ALTER TABLE %I.%I REPLICA IDENTITY FULL',"
                    + "        rel.nspname, rel.relname);"
                    + "      rel.relreplident := 'f';"
                    + "     END IF;"
                    + "    END LOOP;"
                    + "   EXCEPTION WHEN OTHERS THEN"
                    + "    added := false;" // the publication change is rolled back
                    + "    RAISE WARNING 'flink-schema-operator: %.% is not streamed: %',"
                    + "      rel.nspname, rel.relname, SQLERRM;"
                    + "   END;"
                    + "   PERFORM schemaop.log_layout(schemaop.table_layout(rel.oid));"
                    + "   IF rel.filled AND added THEN"
                    + "    SELECT a.attname INTO first_column FROM pg_attribute a"
                    + "      WHERE a.attrelid = rel.oid AND a.attnum > 0 AND NOT a.attisdropped"
                    + "        AND a.attgenerated = ''"
                    + "      ORDER BY a.attnum LIMIT 1;"
                    + "    IF first_column IS NULL THEN"
                    + "     RAISE WARNING 'flink-schema-operator: %.% has no column to log its rows"
                    + " again by; its rows are not streamed', rel.nspname, rel.relname;"
                    + "    ELSE"
                    + "     BEGIN"
                    + "      PERFORM schemaop.log_layout(json_build_object("
                    + "        'oid', rel.oid, 'relogged', 'begin')::text);"
                    + "      EXECUTE format('UPDATE %I.%I SET %I = %I',"
                    + "        rel.nspname, rel.relname, first_column, first_column);"
                    + "      PERFORM schemaop.log_layout(json_build_object("
                    + "        'oid', rel.oid, 'relogged', 'end')::text);"
                    + "     EXCEPTION WHEN OTHERS THEN"
                    + "      RAISE WARNING 'flink-schema-operator: the rows CREATE TABLE AS (or"
                    + " SELECT INTO) wrote into %.% are not streamed: %. They are in the table,"
                    + " not at the sink: copy them with INSERT ... SELECT into a table created"
                    + " empty, or start the pipeline with --fresh', rel.nspname, rel.relname,"
                    + " SQLERRM;"
                    + "     END;"
                    + "    END IF;"
                    + "   END IF;"
                    + "  END LOOP;"
                    + " END $f$";

    private static final String CAPTURE_DROP_FUNCTION =
            "CREATE OR REPLACE FUNCTION schemaop.capture_drop() RETURNS event_trigger"
                    + " LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp"
                    + " AS $f$"
                    + " DECLARE r record;"
                    + " BEGIN"
                    + "  FOR r IN SELECT * FROM pg_event_trigger_dropped_objects()"
                    + "    WHERE object_type = 'table' AND schema_name <> 'schemaop'"
                    + "  LOOP"
                    + "   PERFORM schemaop.log_layout(json_build_object("
                    + "     'oid', r.objid, 'schema', r.schema_name, 'table', r.object_name,"
                    + "     'dropped', true)::text);"
                    + "  END LOOP;"
                    // a column dropped with what it depended on (DROP TYPE ... CASCADE): no
                    // ddl_command_end names its table
                    + "  FOR r IN SELECT DISTINCT d.objid FROM pg_event_trigger_dropped_objects() d"
                    + "    JOIN pg_class c ON c.oid = d.objid"
                    + "    JOIN pg_namespace n ON n.oid = c.relnamespace"
                    + "    WHERE d.object_type = 'table column' AND c.relkind IN ('r', 'p')"
                    + "      AND NOT c.relispartition AND n.nspname <> 'schemaop'"
                    + "  LOOP"
                    + "   PERFORM schemaop.log_layout(schemaop.table_layout(r.objid));"
                    + "  END LOOP;"
                    + " END $f$";

    private DdlCapture() {}

    /**
     * Installs the capture and records {@code publication}'s patterns.
     *
     * @throws SQLException when the user may not (an event trigger needs a superuser)
     */
    public static void install(Connection connection, String publication, List<TablePattern> tables)
            throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            // one installer at a time per database: two readers starting together would both
            // find a trigger missing
            statement.execute("SELECT pg_advisory_xact_lock(hashtext('schemaop.ddl_capture'))");
            statement.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
            statement.execute("REVOKE ALL ON SCHEMA " + SCHEMA + " FROM PUBLIC");
            statement.execute(LOG_TABLE);
            statement.execute(CAPTURES_TABLE);
            // rows an earlier version left: only their inserts in the WAL ever mattered
            statement.execute("DELETE FROM schemaop.ddl_log");
            statement.execute(LAYOUT_FUNCTION);
            statement.execute(LOG_FUNCTION);
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
            try (PreparedStatement forget =
                    connection.prepareStatement(
                            "DELETE FROM schemaop.captures WHERE publication = ?")) {
                forget.setString(1, publication);
                forget.execute();
            }
            try (PreparedStatement capture =
                    connection.prepareStatement("INSERT INTO schemaop.captures VALUES (?, ?, ?)")) {
                for (TablePattern pattern : tables) {
                    capture.setString(1, publication);
                    capture.setString(2, anchored(pattern.database()));
                    capture.setString(3, anchored(pattern.table()));
                    capture.addBatch();
                }
                capture.executeBatch();
            }
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    /** A pattern of {@code tables} as the trigger matches it: the whole name. */
    public static String anchored(String regex) {
        return "^(?:" + regex + ")$";
    }

    /**
     * One table now: every attribute a column ever had, live or dropped (not generated ones, which
     * pgoutput does not send), with its type's oid, name and modifier (a dropped column keeps only
     * its modifier), then its layout; without the capture's function, for Relation messages.
     */
    static final String ATTRIBUTES_AND_LAYOUT =
            "SELECT COALESCE((SELECT json_agg(json_build_object("
                    + "     'attnum', a.attnum, 'dropped', a.attisdropped, 'typoid', a.atttypid,"
                    + "     'typmod', a.atttypmod, 'typname', t.typname) ORDER BY a.attnum)"
                    + "   FROM pg_attribute a LEFT JOIN pg_type t ON t.oid = a.atttypid"
                    + "   WHERE a.attrelid = c.oid AND a.attnum > 0 AND a.attgenerated = ''),"
                    + "   '[]'::json)::text, "
                    + LAYOUT_OF_C
                    + " WHERE c.oid = ?";

    /**
     * The layouts of every ordinary and partitioned table, as the connection's snapshot sees them
     * (without the capture's function: the start check reads them too).
     */
    public static final String ALL_LAYOUTS =
            "SELECT "
                    + LAYOUT_OF_C
                    + " WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition"
                    + " AND c.relpersistence = 'p'"
                    + " AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'schemaop')"
                    + " AND n.nspname NOT LIKE 'pg\\_%' ORDER BY n.nspname, c.relname";
}
