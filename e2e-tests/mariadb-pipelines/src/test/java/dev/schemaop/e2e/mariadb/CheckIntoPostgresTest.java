package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.CliOutput;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code flink-cdc.sh check} on MariaDB -> PostgreSQL with pre-created tables of each kind: one
 * missing, one compatible, one expandable, one with another key. The output is asserted line by
 * line, and neither server's catalog changed (compared before and after).
 */
class CheckIntoPostgresTest {
    private static final String DB = "e2e_maria_check";

    @TempDir Path dir;

    @BeforeEach
    void tables() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB);
                Connection postgres = Servers.postgres();
                Statement pgSql = postgres.createStatement()) {
            Servers.freshDatabase(sql, DB);
            sql.execute("CREATE TABLE " + DB + ".orders (id INT PRIMARY KEY, item VARCHAR(20))");
            sql.execute("CREATE TABLE " + DB + ".customers (id INT PRIMARY KEY, name VARCHAR(20))");
            sql.execute(
                    "CREATE TABLE "
                            + DB
                            + ".items (id INT PRIMARY KEY, qty BIGINT, note VARCHAR(10))");
            sql.execute("CREATE TABLE " + DB + ".legacy (id INT PRIMARY KEY, v INT)");
            pgSql.execute("CREATE SCHEMA " + DB);
            pgSql.execute(
                    "CREATE TABLE " + DB + ".customers (id integer PRIMARY KEY, name varchar(40))");
            pgSql.execute("CREATE TABLE " + DB + ".items (id integer PRIMARY KEY, qty integer)");
            pgSql.execute(
                    "CREATE TABLE "
                            + DB
                            + ".legacy (id integer NOT NULL, v integer NOT NULL, PRIMARY KEY (v))");
        }
    }

    private String pipeline(String mode) {
        return Servers.sourceBlock(DB + ".\\.*", "")
                + Servers.postgresSinkBlock(
                        Servers.POSTGRES_URL,
                        "  existing-table.schema-expansion.mode: \"" + mode + "\"\n")
                + "pipeline:\n  name: check into postgres\n  schema.change.behavior: evolve\n";
    }

    @Test
    void eachKindOfTableGetsItsVerdictAndNothingChanges() throws Exception {
        List<String> before = catalogs();

        CliOutput run = check(pipeline("EXPAND"));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stdout())
                .isEqualTo(
                        String.join(
                                "\n",
                                "Pipeline 'check into postgres': mariadb source -> postgres sink,"
                                        + " schema.change.behavior: evolve,"
                                        + " existing-table.schema-expansion.mode: EXPAND",
                                "  compatible    e2e_maria_check.customers  <-"
                                        + " e2e_maria_check.customers",
                                "  expand        e2e_maria_check.items      <-"
                                        + " e2e_maria_check.items",
                                "      ALTER TABLE \"e2e_maria_check\".\"items\" ADD COLUMN \"note\""
                                        + " character varying(10);",
                                "      ALTER TABLE \"e2e_maria_check\".\"items\" ALTER COLUMN"
                                        + " \"qty\" TYPE bigint USING \"qty\"::bigint;",
                                "  incompatible  e2e_maria_check.legacy     <-"
                                        + " e2e_maria_check.legacy",
                                "      The existing sink table e2e_maria_check.legacy does not hold"
                                        + " what the pipeline sends"
                                        + " (existing-table.schema-expansion.mode: EXPAND); 2"
                                        + " differences:",
                                "        - column v: upstream INT, target INT NOT NULL: the"
                                        + " upstream column is nullable, the table's is NOT NULL",
                                "        - (id) vs (v): the primary keys differ",
                                "      Suggested repair statements in the sink's dialect (review"
                                        + " before running):",
                                "        ALTER TABLE \"e2e_maria_check\".\"legacy\" DROP CONSTRAINT"
                                        + " IF EXISTS \"legacy_pkey\", ADD PRIMARY KEY (\"id\");",
                                "  create        e2e_maria_check.orders     <-"
                                        + " e2e_maria_check.orders",
                                "A start would fail: 4 sink tables (1 create, 1 compatible, 1"
                                        + " expand, 1 incompatible).",
                                ""));
        assertThat(catalogs()).as("the catalogs of both servers").isEqualTo(before);
    }

    @Test
    void withoutTheTableOfAnotherKeyAStartWouldSucceed() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            sql.execute("DROP TABLE " + DB + ".legacy");
        }

        CliOutput run = check(pipeline("EXPAND"));

        assertThat(run.stdout())
                .endsWith(
                        "A start would succeed: 3 sink tables (1 create, 1 compatible, 1"
                                + " expand).\n");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void aSourceThatCannotBeReachedIsOneMessage() throws Exception {
        CliOutput run =
                check(pipeline("EXPAND").replace("port: " + Servers.MARIADB_PORT, "port: 1"));

        // As the run: a connector that refuses to be created is the pipeline's input.
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr())
                .contains(
                        "the 'mariadb' source connector rejected its options: The mariadb source"
                                + " cannot connect to MariaDB at 127.0.0.1:1");
        CliRun.assertNoStackTrace(run.stderr());
    }

    /** {@code flink-cdc.sh check} on {@code pipelineYaml}. */
    private CliOutput check(String pipelineYaml) throws Exception {
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(pipeline, pipelineYaml);
        return CliOutput.of("check", pipeline.toString());
    }

    /** Every schema, table, column and constraint both servers list, outside their own. */
    private static List<String> catalogs() throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            rows.addAll(
                    query(sql, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA ORDER BY 1"));
            rows.addAll(
                    query(
                            sql,
                            "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, COLUMN_TYPE,"
                                    + " IS_NULLABLE, COLUMN_KEY FROM information_schema.COLUMNS"
                                    + " WHERE TABLE_SCHEMA = '"
                                    + DB
                                    + "' ORDER BY 1, 2, ORDINAL_POSITION"));
        }
        try (Connection postgres = Servers.postgres();
                Statement sql = postgres.createStatement()) {
            rows.addAll(query(sql, "SELECT nspname FROM pg_namespace ORDER BY 1"));
            rows.addAll(
                    query(
                            sql,
                            "SELECT table_schema, table_name, column_name, data_type,"
                                    + " character_maximum_length, is_nullable FROM"
                                    + " information_schema.columns WHERE table_schema NOT IN"
                                    + " ('pg_catalog', 'information_schema') ORDER BY 1, 2,"
                                    + " ordinal_position"));
            rows.addAll(
                    query(
                            sql,
                            "SELECT table_schema, table_name, constraint_name, constraint_type"
                                    + " FROM information_schema.table_constraints WHERE"
                                    + " table_schema NOT IN ('pg_catalog', 'information_schema')"
                                    + " ORDER BY 1, 2, 3"));
        }
        return rows;
    }

    private static List<String> query(Statement sql, String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = sql.executeQuery(query)) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.append(i > 1 ? " | " : "").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }
}
