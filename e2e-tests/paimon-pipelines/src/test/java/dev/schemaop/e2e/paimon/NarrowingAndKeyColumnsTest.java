package dev.schemaop.e2e.paimon;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What Paimon itself would accept but the runtime decides, and what Paimon refuses. Paimon casts
 * explicitly ({@code disable-explicit-type-casting} is false): under evolve a narrowing change is
 * passed on as the user asked, under lenient the runtime's widening rules (SPEC §5) keep the wide
 * type. A rename of a primary-key column under evolve, which Paimon cannot follow, ends the job
 * before any DDL with one message naming the column (SPEC §7); under lenient the key column stays
 * and the rows fill it from the new name. Dropping a partition column ends the job with Paimon's
 * rule.
 */
class NarrowingAndKeyColumnsTest {
    private static final String NARROWING =
            """
            events:
              - type: create.table
                table: SCHEMA.items
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: qty, type: BIGINT}
                  - {name: name, type: VARCHAR(20)}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.items
                rows:
                  - [1, 10, ann]
              - type: alter.column.type
                table: SCHEMA.items
                columns: {qty: INT, name: VARCHAR(5)}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [2, 20, ben]
            """;

    private static final String KEY_RENAME =
            """
            events:
              - type: create.table
                table: SCHEMA.items
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: qty, type: INT}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.items
                rows:
                  - [1, 10]
              - type: rename.column
                table: SCHEMA.items
                columns: {id: item_id}
              - type: insert
                table: SCHEMA.items
                rows:
                  - [2, 20]
            """;

    private static final String PARTITION_DROP =
            """
            events:
              - type: create.table
                table: SCHEMA.events
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: day, type: VARCHAR(10) NOT NULL}
                  - {name: what, type: VARCHAR(20)}
              - type: insert
                table: SCHEMA.events
                rows:
                  - [1, "2026-12-01", a]
              - type: drop.column
                table: SCHEMA.events
                columns: [day]
              - type: insert
                table: SCHEMA.events
                rows:
                  - [2, b]
            """;

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        PaimonPipelineRun.connectorJar();
    }

    private PaimonPipelineRun run(String script, String database, String behavior)
            throws Exception {
        return run(script, database, behavior, "");
    }

    private PaimonPipelineRun run(
            String script, String database, String behavior, String sinkOptions) throws Exception {
        Path file = dir.resolve("script.yaml");
        Files.writeString(file, script.replace("SCHEMA", database));
        return PaimonPipelineRun.run(
                dir,
                PaimonPipelineRun.valuesInto(
                        dir.resolve("warehouse"), file, 1, behavior, sinkOptions));
    }

    @Test
    void evolvePassesANarrowingChangeOnAsAsked() throws Exception {
        String database = "e2e_paimon_narrow_evolve";
        run(NARROWING, database, "evolve").assertSucceeded();

        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.columns(database, "items"))
                    .containsExactly("id INT NOT NULL", "qty INT", "name VARCHAR(5)");
            assertThat(paimon.rows(database, "items"))
                    .containsExactly("id=1, qty=10, name=ann", "id=2, qty=20, name=ben");
        }
    }

    @Test
    void lenientKeepsTheWideTypes() throws Exception {
        String database = "e2e_paimon_narrow_lenient";
        run(NARROWING, database, "lenient").assertSucceeded();

        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.schemaHistory(database, "items"))
                    .containsExactly(List.of("id INT NOT NULL", "qty BIGINT", "name VARCHAR(20)"));
            assertThat(paimon.rows(database, "items"))
                    .containsExactly("id=1, qty=10, name=ann", "id=2, qty=20, name=ben");
        }
    }

    @Test
    void renamingAPrimaryKeyColumnUnderEvolveFailsBeforeAnyDdl() throws Exception {
        String database = "e2e_paimon_key_rename";
        PaimonPipelineRun run = run(KEY_RENAME, database, "evolve");

        assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isEqualTo(1);
        PaimonPipelineRun.assertNoStackTrace(run.stderr());
        assertThat(run.stderr().lines().filter(line -> line.startsWith("Pipeline failed: ")))
                .as("one error")
                .hasSize(1);
        assertThat(run.stderr())
                .contains(
                        "Pipeline failed: Schema change rename.column of table "
                                + database
                                + ".items is refused before any DDL: it renames the key column"
                                + " id, and the sink's writers cannot follow a renamed key");
        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.schemaHistory(database, "items"))
                    .containsExactly(List.of("id INT NOT NULL", "qty INT"));
        }
    }

    @Test
    void lenientKeepsARenamedKeyColumnAndFillsItFromTheNewName() throws Exception {
        String database = "e2e_paimon_key_rename_lenient";
        run(KEY_RENAME, database, "lenient").assertSucceeded();

        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.columns(database, "items"))
                    .containsExactly("id INT NOT NULL", "qty INT", "item_id INT");
            assertThat(paimon.rows(database, "items"))
                    .containsExactly("id=1, qty=10, item_id=null", "id=2, qty=20, item_id=2");
        }
    }

    @Test
    void droppingAPartitionColumnOfAnAppendTableFailsWithTheColumnAndTheRule() throws Exception {
        String database = "e2e_paimon_partition_drop";
        PaimonPipelineRun run =
                run(
                        PARTITION_DROP,
                        database,
                        "evolve",
                        "  partition.key: " + database + ".events:day\n");

        assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isEqualTo(1);
        PaimonPipelineRun.assertNoStackTrace(run.stderr());
        assertThat(run.stderr())
                .contains(
                        "column 'day' of "
                                + database
                                + ".events is a partition key column of the Paimon table, and"
                                + " Paimon does not let such a column be dropped");
        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.table(database, "events").schema().partitionKeys())
                    .containsExactly("day");
            assertThat(paimon.schemaHistory(database, "events"))
                    .containsExactly(
                            List.of(
                                    "id INT NOT NULL",
                                    "day VARCHAR(10) NOT NULL",
                                    "what VARCHAR(20)"));
        }
    }

    @Test
    void aPartitionKeyOutsideThePrimaryKeyIsRefusedAtCreation() throws Exception {
        String database = "e2e_paimon_partition_not_key";
        PaimonPipelineRun run =
                run(
                        NARROWING,
                        database,
                        "evolve",
                        "  partition.key: " + database + ".items:name\n");

        assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isEqualTo(1);
        PaimonPipelineRun.assertNoStackTrace(run.stderr());
        assertThat(run.stderr())
                .contains(
                        "partition key 'name' of "
                                + database
                                + ".items is not in its primary key [id]: a Paimon primary-key"
                                + " table with fixed buckets keeps each key in one partition."
                                + " Name partition keys from the primary key in partition.key");
        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.exists(database, "items")).isFalse();
        }
    }
}
