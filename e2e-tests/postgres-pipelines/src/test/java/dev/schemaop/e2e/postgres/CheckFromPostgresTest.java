package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.Servers;
import dev.schemaop.testing.CliOutput;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * {@code flink-cdc.sh check} with the postgres source: its tables, described by the source's
 * metadata accessor (the snapshot's layouts), against the sink's existing tables; and nothing made
 * on the source's server (no slot, no publication, no event trigger).
 */
class CheckFromPostgresTest {
    private static final String DB = "e2e_pgsrc_check";
    private static final String SINK = "e2e_pgsrc_check_sink";

    @TempDir Path dir;

    @Test
    void theSourcesTablesGetTheirVerdictsAndTheServerIsLeftAlone() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK)) {
            source.execute("CREATE TABLE orders (id INT PRIMARY KEY, item VARCHAR(20))");
            source.execute("CREATE TABLE items (id INT PRIMARY KEY, qty BIGINT, note VARCHAR(10))");
            pg.execute("CREATE SCHEMA " + SINK);
            pg.execute("CREATE TABLE " + SINK + ".items (id integer PRIMARY KEY, qty integer)");
            Path pipeline = dir.resolve("pipeline.yaml");
            Files.writeString(
                    pipeline,
                    source.sourceBlock("public.\\.*", "e2e_check", "")
                            + Servers.postgresSinkBlock(
                                    Servers.POSTGRES_URL,
                                    "  existing-table.schema-expansion.mode: EXPAND\n")
                            + "route:\n  - source-table: public.\\.*\n    sink-table: "
                            + SINK
                            + ".<>\n    replace-symbol: <>\n"
                            + "pipeline:\n  name: check from postgres\n"
                            + "  schema.change.behavior: evolve\n");

            CliOutput run = CliOutput.of("check", pipeline.toString());

            assertThat(run.stdout())
                    .isEqualTo(
                            String.join(
                                    "\n",
                                    "Pipeline 'check from postgres': postgres source -> postgres"
                                            + " sink, schema.change.behavior: evolve,"
                                            + " existing-table.schema-expansion.mode: EXPAND",
                                    "  expand        e2e_pgsrc_check_sink.items   <- public.items",
                                    "      ALTER TABLE \"e2e_pgsrc_check_sink\".\"items\" ADD COLUMN"
                                            + " \"note\" character varying(10);",
                                    "      ALTER TABLE \"e2e_pgsrc_check_sink\".\"items\" ALTER"
                                            + " COLUMN \"qty\" TYPE bigint USING \"qty\"::bigint;",
                                    "  create        e2e_pgsrc_check_sink.orders  <- public.orders",
                                    "A start would succeed: 2 sink tables (1 create, 1 expand).",
                                    ""));
            assertThat(run.exitCode()).isZero();
            assertThat(count(DB, "SELECT count(*) FROM pg_event_trigger")).isZero();
            assertThat(count(DB, "SELECT count(*) FROM pg_publication")).isZero();
            assertThat(
                            count(
                                    DB,
                                    "SELECT count(*) FROM pg_replication_slots WHERE database = '"
                                            + DB
                                            + "'"))
                    .isZero();
        }
    }

    private static int count(String database, String query) throws Exception {
        try (Connection connection = Servers.postgres(Servers.postgresUrl(database));
                Statement sql = connection.createStatement();
                ResultSet row = sql.executeQuery(query)) {
            row.next();
            return row.getInt(1);
        }
    }
}
