package dev.schemaop.e2e.paimon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.values.source.ReaderFaults;
import dev.schemaop.testing.RecoveryLines;

import org.apache.paimon.Snapshot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Three sink subtasks write into three tables (two with keys, three buckets each, one append
 * table), in parts that each end at a checkpoint fence, for several seconds (the rows wait for the
 * tables' creation first), and a source reader fails two thirds of the way. Every checkpoint is one
 * commit per table, made by the job's one committer: in each table's snapshots one commit user, and
 * each APPEND snapshot under its own commit identifier (the checkpoint's id). With a committer per
 * subtask, each checkpoint made a snapshot per writer, under each writer's own commit user (this
 * test failed so). Every row is in its table once (the append table would keep a row committed
 * twice).
 */
class OneCommitPerCheckpointIntoPaimonTest {
    private static final List<String> TABLES = List.of("orders", "items", "log");
    private static final int PARTS = 6;
    private static final int ROWS_PER_PART = 20;

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        PaimonPipelineRun.connectorJar();
    }

    @Test
    void eachCheckpointIsOneCommitPerTableAndEveryRowIsThereOnce() throws Exception {
        String database = "e2e_paimon_one_commit";
        Path script = dir.resolve("script.yaml");
        Files.writeString(script, script(database));
        String faultKey = script.toAbsolutePath().normalize().toString();
        long firedBefore = ReaderFaults.fired(faultKey);

        PaimonPipelineRun run =
                PaimonPipelineRun.run(
                        dir,
                        "source:\n  type: values\n  script: "
                                + script
                                + "\n  splits: 3\n  event.delay.ms: 50\n  fail.at.events: \"250\"\n"
                                + "sink:\n  type: paimon\n  catalog.properties.warehouse: "
                                + dir.resolve("warehouse").toUri()
                                + "\n  table.properties.bucket: 3"
                                + "\npipeline:\n  parallelism: 3\n",
                        "execution.checkpointing.interval=200ms",
                        "restart-strategy.type=fixed-delay",
                        "restart-strategy.fixed-delay.attempts=3",
                        "restart-strategy.fixed-delay.delay=100ms");
        assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isZero();
        RecoveryLines.assertOneSourceFailureAndRestart(
                RecommitRestart.withoutIt(run.stderr()), 3, 250);

        assertThat(ReaderFaults.fired(faultKey) - firedBefore)
                .as("the injected failure happened")
                .isEqualTo(1);
        Set<String> commitUsers = new HashSet<>();
        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            for (String table : TABLES) {
                assertThat(paimon.rows(database, table)).as(table).isEqualTo(expectedRows());
                List<Snapshot> snapshots = paimon.snapshots(database, table);
                snapshots.forEach(snapshot -> commitUsers.add(snapshot.commitUser()));
                List<Long> appends = new ArrayList<>();
                for (Snapshot snapshot : snapshots) {
                    if (snapshot.commitKind() == Snapshot.CommitKind.APPEND) {
                        appends.add(snapshot.commitIdentifier());
                    }
                }
                assertThat(appends)
                        .as("the commit identifiers of %s's APPEND snapshots", table)
                        .doesNotHaveDuplicates()
                        .isSorted()
                        .hasSizeGreaterThanOrEqualTo(2);
            }
        }
        assertThat(commitUsers).as("the commit users of every snapshot").hasSize(1);
        assertThat(commitUsers.iterator().next()).startsWith("schemaop-");
    }

    /**
     * The three tables, then {@link #PARTS} parts of rows of each, a fence after each but the last.
     */
    private static String script(String database) {
        StringBuilder script = new StringBuilder("events:\n");
        for (String table : TABLES) {
            script.append("  - type: create.table\n    table: ")
                    .append(database)
                    .append('.')
                    .append(table)
                    .append("\n    columns:\n      - {name: id, type: INT NOT NULL}\n")
                    .append("      - {name: part, type: INT}\n");
            if (!table.equals("log")) {
                script.append("    primaryKeys: [id]\n");
            }
        }
        for (int part = 1; part <= PARTS; part++) {
            for (String table : TABLES) {
                script.append("  - type: insert\n    table: ")
                        .append(database)
                        .append('.')
                        .append(table)
                        .append("\n    rows:\n");
                for (int id = first(part); id < first(part + 1); id++) {
                    script.append("      - [").append(id).append(", ").append(part).append("]\n");
                }
            }
            if (part < PARTS) {
                script.append("  - checkpoint\n");
            }
        }
        return script.toString();
    }

    private static List<String> expectedRows() {
        List<String> rows = new ArrayList<>();
        for (int part = 1; part <= PARTS; part++) {
            for (int id = first(part); id < first(part + 1); id++) {
                rows.add("id=" + id + ", part=" + part);
            }
        }
        return rows;
    }

    private static int first(int part) {
        return (part - 1) * ROWS_PER_PART + 1;
    }
}
