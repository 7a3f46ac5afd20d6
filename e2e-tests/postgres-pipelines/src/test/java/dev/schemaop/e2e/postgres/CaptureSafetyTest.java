package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.e2e.mariadb.Await;
import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.RunningPipeline;
import dev.schemaop.e2e.mariadb.Servers;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

/**
 * What the DDL capture must not do to the user's database while a pipeline runs: break the
 * application's UPDATE on a table the pipeline does not read, or on a new captured table without a
 * key; refuse an unlogged table's DDL; let a user who is no superuser write the capture's log.
 */
class CaptureSafetyTest {
    private static final String DB = "e2e_pgsrc_safety";
    private static final String SINK = "e2e_pgsrc_safety_sink";

    @Test
    void theUsersTablesAndDdlKeepWorking() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK);
                Connection admin = Servers.postgres();
                Statement sql = admin.createStatement()) {
            source.execute("CREATE TABLE t (id INT PRIMARY KEY, v TEXT)");
            source.execute("CREATE SCHEMA other");
            source.execute("CREATE TABLE other.log_lines (line TEXT)");
            source.execute("INSERT INTO other.log_lines VALUES ('a')");
            sql.execute(
                    "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname ="
                            + " 'e2e_pg_plain') THEN CREATE ROLE e2e_pg_plain LOGIN; END IF;"
                            + " END $$");
            try (RunningPipeline pipeline =
                    RunningPipeline.start(source.intoPostgresSchema("public.\\.*", SINK, ""), 1)) {
                assertThat(Await.until(pipeline, () -> pg.exists("t"), true)).isTrue();

                // a table the pipeline does not read: no replica identity needed
                source.execute("UPDATE other.log_lines SET line = 'b'");
                source.execute("DELETE FROM other.log_lines");
                // a new captured table without a key: in the publication with REPLICA IDENTITY
                // FULL, so the application's UPDATE works and streams
                source.execute("CREATE TABLE nokey (v TEXT)");
                assertThat(identity(DB, "nokey")).isEqualTo("f");
                source.execute("INSERT INTO nokey VALUES ('x'), ('x'), ('gone')");
                source.execute(
                        "UPDATE nokey SET v = 'y' WHERE ctid = (SELECT min(ctid) FROM nokey)");
                source.execute("DELETE FROM nokey WHERE v = 'gone'");
                // unlogged tables are not captured, and their DDL is not refused
                source.execute("CREATE UNLOGGED TABLE scratch (id INT PRIMARY KEY)");
                source.execute("ALTER TABLE scratch ADD COLUMN n INT");

                source.execute("INSERT INTO t VALUES (1, 'one')");
                List<String> rows = List.of("id=1, v=one");
                assertThat(Await.until(pipeline, () -> pg.rows("t"), rows)).isEqualTo(rows);
                // the keyless table's rows at the sink: the update's full before image removed
                // one of the two equal rows, the delete the other row
                List<String> keyless = List.of("v=x", "v=y");
                assertThat(Await.until(pipeline, () -> pg.rows("nokey"), keyless))
                        .isEqualTo(keyless);
                assertThat(pg.exists("scratch")).isFalse();
                pipeline.assertRunning();
            }
            Properties plain = new Properties();
            plain.setProperty("user", "e2e_pg_plain");
            try (Connection user = DriverManager.getConnection(Servers.postgresUrl(DB), plain);
                    Statement forged = user.createStatement()) {
                assertThatThrownBy(
                                () ->
                                        forged.execute(
                                                "INSERT INTO schemaop.ddl_log(layout) VALUES"
                                                        + " ('{\"dropped\": true, \"oid\": 1,"
                                                        + " \"schema\": \"public\", \"table\":"
                                                        + " \"t\"}')"))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("permission denied for schema schemaop");
            }
        }
    }

    private static String identity(String database, String table) throws SQLException {
        try (Connection connection = Servers.postgres(Servers.postgresUrl(database));
                Statement sql = connection.createStatement();
                ResultSet row =
                        sql.executeQuery(
                                "SELECT relreplident FROM pg_class WHERE relname = '"
                                        + table
                                        + "'")) {
            row.next();
            return row.getString(1);
        }
    }
}
