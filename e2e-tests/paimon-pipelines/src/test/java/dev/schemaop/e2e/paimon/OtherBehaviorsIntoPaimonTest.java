package dev.schemaop.e2e.paimon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.jdbc.ChangeScripts;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The behaviors {@link SchemaChangesIntoPaimonTest} leaves out, ignore, try_evolve and exception,
 * into a Paimon table, at parallelism 1 and 2, with the script the JDBC sink's test runs (every
 * column change type, a truncate, updates and deletes).
 *
 * <ul>
 *   <li>ignore: the table stays as the create made it (one schema version); rows are reshaped onto
 *       it by column name, exactly as into PostgreSQL (the runtime decides, with the same types).
 *   <li>try_evolve: every change is applied until the last alter, BIGINT to DATE, which Paimon
 *       refuses whatever the rows hold: the job fails (exit 1) with the table, the change and
 *       Paimon's answer, and the table keeps every earlier change.
 *   <li>exception: the first change after the create fails the job with the two schemas side by
 *       side; the table is as created.
 * </ul>
 *
 * <p>Rows of a failed job: Paimon's files become rows only when a checkpoint's commit takes them
 * (docs/GUARANTEES.md G7: "a committing sink discards the rows a failed attempt staged, and the
 * source replays them"); this bounded job fails before any checkpoint, so the table has none of
 * them, and no row at all.
 */
class OtherBehaviorsIntoPaimonTest {
    private static final int JOB_FAILED = 1;

    private static final List<String> IGNORE_COLUMNS =
            List.of(
                    "id INT NOT NULL",
                    "qty INT",
                    "price DECIMAL(10, 2)",
                    "name VARCHAR(10)",
                    "note VARCHAR(20)",
                    "code VARCHAR(10)",
                    "n INT");

    private static final List<String> TRY_EVOLVE_COLUMNS =
            List.of(
                    "id INT NOT NULL",
                    "tag INT",
                    "qty BIGINT",
                    "price DECIMAL(12, 4)",
                    "full_name VARCHAR(40)",
                    "code INT",
                    "n VARCHAR(10)",
                    "email VARCHAR(30)");

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        PaimonPipelineRun.connectorJar();
    }

    private PaimonPipelineRun run(String database, String behavior, int parallelism)
            throws Exception {
        Path script = dir.resolve("script.yaml");
        Files.writeString(
                script,
                ChangeScripts.OTHER_BEHAVIORS
                        .replace("SCHEMA", database)
                        .replace("REFUSED_TYPE", "DATE"));
        return PaimonPipelineRun.run(
                dir,
                PaimonPipelineRun.valuesInto(
                        dir.resolve("warehouse"), script, parallelism, behavior, ""));
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void ignoreKeepsTheCreatedTableAndReshapesEveryRowOntoIt(int parallelism) throws Exception {
        String database = "e2e_paimon_ignore_p" + parallelism;
        run(database, "ignore", parallelism).assertSucceeded();

        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.schemaHistory(database, "items")).containsExactly(IGNORE_COLUMNS);
            assertThat(paimon.rows(database, "items"))
                    .isEqualTo(ChangeScripts.OTHER_BEHAVIORS_IGNORE_ROWS);
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void tryEvolveAppliesEveryChangeAndFailsTheJobOnTheOnePaimonRefuses(int parallelism)
            throws Exception {
        String database = "e2e_paimon_try_evolve_p" + parallelism;
        PaimonPipelineRun run = run(database, "try_evolve", parallelism);

        assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isEqualTo(JOB_FAILED);
        PaimonPipelineRun.assertNoStackTrace(run.stderr());
        assertThat(run.stderr())
                .startsWith(
                        "Pipeline failed: The sink failed to apply AlterColumnTypeEvent{tableId="
                                + database
                                + ".items, typeMapping={qty=DATE}, oldTypeMapping={qty=BIGINT}} to"
                                + " table "
                                + database
                                + ".items (pipeline.schema.change.behavior: try_evolve): the"
                                + " Paimon sink (metastore filesystem, warehouse ")
                .contains("could not apply alter.column.type to " + database + ".items: ")
                .contains(
                        "could not apply alter.column.type to "
                                + database
                                + ".items: Column type qty[BIGINT] cannot be converted to DATE"
                                + " without loosing information. Fix the table");
        assertThat(run.stderr().lines().filter(line -> line.startsWith("Pipeline failed: ")))
                .as("one error")
                .hasSize(1);
        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.columns(database, "items"))
                    .as("every change but the refused one")
                    .isEqualTo(TRY_EVOLVE_COLUMNS);
            assertThat(paimon.rows(database, "items")).as("nothing committed").isEmpty();
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2})
    void exceptionFailsTheJobOnTheFirstChangeAndTheTableIsAsCreated(int parallelism)
            throws Exception {
        String database = "e2e_paimon_exception_p" + parallelism;
        PaimonPipelineRun run = run(database, "exception", parallelism);

        assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isEqualTo(JOB_FAILED);
        PaimonPipelineRun.assertNoStackTrace(run.stderr());
        assertThat(run.stderr().strip())
                .isEqualTo(ChangeScripts.OTHER_BEHAVIORS_REJECTION.replace("SCHEMA", database));
        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.schemaHistory(database, "items")).containsExactly(IGNORE_COLUMNS);
            assertThat(paimon.rows(database, "items")).as("nothing committed").isEmpty();
        }
    }
}
