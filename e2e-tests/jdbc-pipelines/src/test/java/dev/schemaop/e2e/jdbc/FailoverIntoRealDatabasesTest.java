package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.values.source.ReaderFaults;
import dev.schemaop.testing.RecoveryLines;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A failure between schema changes the sink applied and the next checkpoint, at parallelism 2: the
 * job restarts from the checkpoint taken before the changes (the fence), both source splits replay
 * the changes and the rows after them, and the sink must end exactly as without the failure, with
 * no failed DDL. The database itself tells which DDL ran ({@link DdlAudit}): each statement once.
 * The JDBC sink's DDL is idempotent (a replayed add finds its column and runs nothing), so this
 * shows what the database saw, not how often the runtime called the applier; that each change
 * reaches the applier once across restarts is shown with the values sink (FailoverTest,
 * SavepointRestoreTest) and the random fault test.
 *
 * <p>Timing: checkpoints every 2 s; the fence holds both splits until the first one completes, then
 * the three changes and the rows after them take a few hundred milliseconds, and the failure (event
 * 26 of 30, counted over both readers) comes after the changes, long before the next checkpoint.
 */
class FailoverIntoRealDatabasesTest {
    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void theRestartAppliesNoChangeTwiceAndTheRowsAreExact(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        String schema = "e2e_jdbc_failover_" + (endpoint.isPostgres() ? "pg" : "maria");
        try (SinkDatabase db = SinkDatabase.fresh(endpoint, schema);
                DdlAudit audit = DdlAudit.open(endpoint, schema)) {
            Path script = dir.resolve("script.yaml");
            Files.writeString(script, ChangeScripts.FAILOVER.replace("SCHEMA", schema));
            String faultKey = script.toAbsolutePath().normalize().toString();
            long firedBefore = ReaderFaults.fired(faultKey);

            JdbcPipelineRun run =
                    JdbcPipelineRun.run(
                            dir,
                            "source:\n  type: values\n  script: "
                                    + script
                                    + "\n  splits: 2\n  fail.at.events: \"26\"\n"
                                    + endpoint.sinkBlock("")
                                    + "pipeline:\n  parallelism: 2\n"
                                    + "  schema.change.behavior: evolve\n",
                            "execution.checkpointing.interval=2s",
                            "restart-strategy.type=fixed-delay",
                            "restart-strategy.fixed-delay.attempts=3",
                            "restart-strategy.fixed-delay.delay=100ms");

            assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
            RecoveryLines.assertOneSourceFailureAndRestart(run.stderr, 2, 26);

            assertThat(ReaderFaults.fired(faultKey) - firedBefore)
                    .as("the injected failure happened")
                    .isEqualTo(1);
            assertThat(audit.statements()).isEqualTo(expectedDdl(endpoint, schema));
            assertThat(db.columns("items"))
                    .isEqualTo(
                            endpoint.isPostgres()
                                    ? List.of(
                                            "id integer NOT NULL",
                                            "qty bigint",
                                            "full_name character varying(10)",
                                            "email character varying(30)")
                                    : List.of(
                                            "id int(11) NOT NULL",
                                            "qty bigint(20)",
                                            "full_name varchar(10)",
                                            "email varchar(30)"));
            assertThat(db.rows("items", "id, qty, full_name, email"))
                    .isEqualTo(ChangeScripts.failoverRows());
        }
    }

    /**
     * Each DDL once: the create before the checkpoint, then the add, the retype and the rename.
     * PostgreSQL reports commands by tag and object (the key's index with the create, a rename by
     * its column); MariaDB's log has the statements.
     */
    private static List<String> expectedDdl(JdbcEndpoint endpoint, String schema) {
        if (endpoint.isPostgres()) {
            return List.of(
                    "CREATE TABLE " + schema + ".items",
                    "CREATE INDEX " + schema + ".items_pkey",
                    "ALTER TABLE " + schema + ".items",
                    "ALTER TABLE " + schema + ".items",
                    "ALTER TABLE " + schema + ".items.full_name");
        }
        String table = "`" + schema + "`.`items`";
        return List.of(
                "CREATE TABLE IF NOT EXISTS "
                        + table
                        + " (`id` INT NOT NULL, `qty` INT NULL, `name` VARCHAR(10) NULL,"
                        + " PRIMARY KEY (`id`)) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin",
                "ALTER TABLE " + table + " ADD COLUMN `email` VARCHAR(30) NULL",
                "ALTER TABLE " + table + " MODIFY COLUMN `qty` BIGINT NULL",
                "ALTER TABLE " + table + " RENAME COLUMN `name` TO `full_name`");
    }
}
