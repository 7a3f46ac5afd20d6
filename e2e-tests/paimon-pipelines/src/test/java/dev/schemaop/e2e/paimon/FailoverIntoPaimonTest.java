package dev.schemaop.e2e.paimon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.values.source.ReaderFaults;
import dev.schemaop.e2e.jdbc.ChangeScripts;
import dev.schemaop.testing.RecoveryLines;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A failure between schema changes Paimon applied and the next commit, at parallelism 2: the job
 * restarts from the last checkpoint (the fence's, or one taken while the changes were applied),
 * both source splits replay the changes and the rows after them, the writers stage their files
 * again, and the table must end exactly as without the failure. Paimon keeps every schema version:
 * one per change, none twice. The append table ({@code log}, no key) shows that no row was
 * committed twice: Paimon would keep both copies.
 */
class FailoverIntoPaimonTest {

    /** An append table: created with the keyed one, two rows before the fence, four after. */
    private static final String LOG_TABLE =
            """
              - type: create.table
                table: SCHEMA.log
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: what, type: VARCHAR(10)}
              - type: insert
                table: SCHEMA.log
                rows:
                  - [1, before]
                  - [2, before]
            """;

    private static final String LOG_ROWS_AFTER =
            """
              - type: insert
                table: SCHEMA.log
                rows:
                  - [3, after]
                  - [4, after]
                  - [5, after]
                  - [6, after]
            """;

    /**
     * {@link ChangeScripts#FAILOVER} with the append table's events before its fence and delete.
     */
    private static String script() {
        String failover = ChangeScripts.FAILOVER;
        int fence = failover.indexOf("  - type: checkpoint");
        int delete = failover.indexOf("  - type: delete");
        return failover.substring(0, fence)
                + LOG_TABLE
                + failover.substring(fence, delete)
                + LOG_ROWS_AFTER
                + failover.substring(delete);
    }

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        PaimonPipelineRun.connectorJar();
    }

    /**
     * Every 2 s: the failure comes long before the checkpoint after the fence, so the restore goes
     * back before all three changes. Every 200 ms: a checkpoint may be taken while a change is
     * pending or after it, and the restore starts there.
     */
    @ParameterizedTest(name = "checkpoints every {0}")
    @ValueSource(strings = {"2s", "200ms"})
    void theRestartCommitsEveryRowOnceAndAppliesNoChangeTwice(String interval) throws Exception {
        String database = "e2e_paimon_failover_" + (interval.equals("2s") ? "2s" : "200ms");
        Path script = dir.resolve("script.yaml");
        Files.writeString(script, script().replace("SCHEMA", database));
        String faultKey = script.toAbsolutePath().normalize().toString();
        long firedBefore = ReaderFaults.fired(faultKey);

        PaimonPipelineRun run =
                PaimonPipelineRun.run(
                        dir,
                        "source:\n  type: values\n  script: "
                                + script
                                + "\n  splits: 2\n  fail.at.events: \"30\"\n"
                                + "sink:\n  type: paimon\n  catalog.properties.warehouse: "
                                + dir.resolve("warehouse").toUri()
                                // a bucket count for the keyed table; the append table has none
                                + "\n  table.properties.bucket: 3"
                                + "\npipeline:\n  parallelism: 2\n"
                                + "  schema.change.behavior: evolve\n",
                        "execution.checkpointing.interval=" + interval,
                        "restart-strategy.type=fixed-delay",
                        "restart-strategy.fixed-delay.attempts=3",
                        "restart-strategy.fixed-delay.delay=100ms");

        assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isZero();
        RecoveryLines.assertOneSourceFailureAndRestart(
                RecommitRestart.withoutIt(run.stderr()), 2, 30);

        assertThat(ReaderFaults.fired(faultKey) - firedBefore)
                .as("the injected failure happened")
                .isEqualTo(1);
        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.schemaHistory(database, "items"))
                    .containsExactly(
                            List.of("id INT NOT NULL", "qty INT", "name VARCHAR(10)"),
                            List.of(
                                    "id INT NOT NULL",
                                    "qty INT",
                                    "name VARCHAR(10)",
                                    "email VARCHAR(30)"),
                            List.of(
                                    "id INT NOT NULL",
                                    "qty BIGINT",
                                    "name VARCHAR(10)",
                                    "email VARCHAR(30)"),
                            List.of(
                                    "id INT NOT NULL",
                                    "qty BIGINT",
                                    "full_name VARCHAR(10)",
                                    "email VARCHAR(30)"));
            assertThat(paimon.rows(database, "items")).isEqualTo(ChangeScripts.failoverRows());
            assertThat(paimon.table(database, "items").coreOptions().bucket()).isEqualTo(3);
            assertThat(paimon.table(database, "log").coreOptions().bucket()).isEqualTo(-1);
            assertThat(paimon.rows(database, "log"))
                    .containsExactly(
                            "id=1, what=before",
                            "id=2, what=before",
                            "id=3, what=after",
                            "id=4, what=after",
                            "id=5, what=after",
                            "id=6, what=after");
        }
    }
}
