package dev.schemaop.e2e.cluster;

import dev.schemaop.e2e.mariadb.Servers;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A PostgreSQL database of its own whose event trigger records every DDL command that ends in it:
 * how a test sees that a change reached the sink once, even where the sink's DDL is idempotent (a
 * repeated {@code ADD COLUMN IF NOT EXISTS} is recorded too).
 */
final class DdlAudit {
    private final String database;

    private DdlAudit(String database) {
        this.database = database;
    }

    /** The database, created when missing, with the trigger and an empty record. */
    static DdlAudit in(String database) throws SQLException {
        try (Connection server = Servers.postgres();
                Statement sql = server.createStatement()) {
            try (ResultSet rs =
                    sql.executeQuery(
                            "SELECT 1 FROM pg_database WHERE datname = '" + database + "'")) {
                if (!rs.next()) {
                    sql.execute("CREATE DATABASE " + database);
                }
            }
        }
        DdlAudit audit = new DdlAudit(database);
        try (Connection db = audit.connect();
                Statement sql = db.createStatement()) {
            sql.execute("DROP EVENT TRIGGER IF EXISTS record_ddl");
            sql.execute("DROP TABLE IF EXISTS public.ddl_record");
            sql.execute(
                    "CREATE TABLE public.ddl_record (n SERIAL PRIMARY KEY, tag TEXT, identity TEXT)");
            sql.execute(
                    "CREATE OR REPLACE FUNCTION public.record_ddl() RETURNS event_trigger"
                            + " LANGUAGE plpgsql AS $$ DECLARE r record; BEGIN FOR r IN SELECT *"
                            + " FROM pg_event_trigger_ddl_commands() LOOP IF r.object_identity"
                            + " NOT LIKE 'public.%' THEN INSERT INTO public.ddl_record (tag,"
                            + " identity) VALUES (r.command_tag, r.object_identity); END IF; END"
                            + " LOOP; END $$");
            sql.execute(
                    "CREATE EVENT TRIGGER record_ddl ON ddl_command_end"
                            + " EXECUTE FUNCTION public.record_ddl()");
        }
        return audit;
    }

    String url() {
        return Servers.postgresUrl(database);
    }

    Connection connect() {
        return Servers.postgres(url());
    }

    /** "TAG identity" of every DDL command on this table, in order. */
    List<String> commandsOn(String schema, String table) throws SQLException {
        List<String> commands = new ArrayList<>();
        try (Connection db = connect();
                PreparedStatement sql =
                        db.prepareStatement(
                                "SELECT tag FROM public.ddl_record WHERE identity = ? ORDER BY n")) {
            sql.setString(1, schema + "." + table);
            try (ResultSet rs = sql.executeQuery()) {
                while (rs.next()) {
                    commands.add(rs.getString(1));
                }
            }
        }
        return commands;
    }
}
