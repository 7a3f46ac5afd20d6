package dev.schemaop.testing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Every DDL command PostgreSQL ran on a schema whose name starts with {@code e2e_}, recorded by an
 * event trigger on {@code ddl_command_end} into {@code public.e2e_ddl_audit}, so that a test can
 * tell that a change was applied exactly once even where a second application changes nothing. The
 * trigger is the server's: one audit at a time, opened and closed by the test.
 */
public final class PostgresDdlAudit {
    private static final String SETUP =
            """
            CREATE TABLE IF NOT EXISTS public.e2e_ddl_audit(
                id bigserial PRIMARY KEY, schema_name text, command_tag text, object_identity text);
            CREATE OR REPLACE FUNCTION public.e2e_ddl_audit_record() RETURNS event_trigger
            LANGUAGE plpgsql AS $$
            DECLARE r record;
            BEGIN
              FOR r IN SELECT * FROM pg_event_trigger_ddl_commands() LOOP
                IF r.schema_name LIKE 'e2e\\_%' THEN
                  INSERT INTO public.e2e_ddl_audit(schema_name, command_tag, object_identity)
                  VALUES (r.schema_name, r.command_tag, r.object_identity);
                END IF;
              END LOOP;
            EXCEPTION WHEN OTHERS THEN NULL; -- an audit must never fail the DDL it watches
            END $$;
            DROP EVENT TRIGGER IF EXISTS e2e_ddl_audit;
            CREATE EVENT TRIGGER e2e_ddl_audit ON ddl_command_end
              EXECUTE FUNCTION public.e2e_ddl_audit_record();
            """;

    private PostgresDdlAudit() {}

    /** Starts recording, and forgets what was recorded of {@code schema} before. */
    public static void open(Connection connection, String schema) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(SETUP);
            statement.execute(
                    "DELETE FROM public.e2e_ddl_audit WHERE schema_name = '" + schema + "'");
        }
    }

    /** The DDL run on {@code schema} since it was opened, in order: "TAG object". */
    public static List<String> statements(Connection connection, String schema)
            throws SQLException {
        List<String> statements = new ArrayList<>();
        try (PreparedStatement statement =
                connection.prepareStatement(
                        "SELECT command_tag || ' ' || object_identity FROM public.e2e_ddl_audit"
                                + " WHERE schema_name = ? ORDER BY id")) {
            statement.setString(1, schema);
            try (ResultSet rs = statement.executeQuery()) {
                while (rs.next()) {
                    statements.add(rs.getString(1));
                }
            }
        }
        return statements;
    }

    /** Stops recording. */
    public static void close(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP EVENT TRIGGER IF EXISTS e2e_ddl_audit");
        }
    }
}
