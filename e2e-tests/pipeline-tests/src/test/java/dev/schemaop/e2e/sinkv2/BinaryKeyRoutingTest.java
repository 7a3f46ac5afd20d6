package dev.schemaop.e2e.sinkv2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.PipelineRun;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Rows of a binary key (a UUID in {@code BINARY(16)} is the common case) at parallelism 2, into a
 * sink that keeps Flink CDC's default hash function: every event of a key reaches one writer, so
 * the key's updates are written in their order. Flink CDC's function hashed the key's byte array by
 * identity and spread one key's events over both writers at random.
 */
class BinaryKeyRoutingTest {
    private static final int KEYS = 16;
    private static final int UPDATES = 6;

    @TempDir Path dir;

    private final String run = UUID.randomUUID().toString();

    @Test
    void everyEventOfABinaryKeyReachesOneWriter() throws IOException {
        PipelineRun result =
                PipelineRun.run(
                        dir,
                        pipeline(),
                        "--jar",
                        TestConnectorJar.in(dir).toString(),
                        "-D",
                        "execution.checkpointing.interval=100ms");
        assertThat(result.exitCode).as("stderr:\n%s", result.stderr).isZero();

        Outcomes outcomes = Outcomes.of(run);
        assertThat(outcomes.written)
                .as("each update stays one update: its key did not seem to move")
                .hasSize(KEYS * (1 + UPDATES));
        assertThat(outcomes.keyWriters).hasSize(KEYS);
        Set<Integer> writers = new HashSet<>();
        outcomes.keyWriters.forEach(
                (key, subtasks) -> {
                    assertThat(subtasks).as("writers of key %s", key).hasSize(1);
                    writers.addAll(subtasks);
                });
        assertThat(writers)
                .as("the keys are spread over both writers")
                .containsExactlyInAnyOrder(0, 1);
        outcomes.keyValues.forEach(
                (key, values) ->
                        assertThat(values)
                                .as("values of key %s in the order written", key)
                                .containsExactly(0, 1, 2, 3, 4, 5, 6));
    }

    private String pipeline() throws IOException {
        StringBuilder script =
                new StringBuilder(
                        "events:\n"
                                + "  - type: create.table\n"
                                + "    table: db.blobs\n"
                                + "    columns:\n"
                                + "      - {name: id, type: BINARY(16) NOT NULL}\n"
                                + "      - {name: v, type: INT}\n"
                                + "    primaryKeys: [id]\n");
        for (int key = 0; key < KEYS; key++) {
            script.append("  - type: insert\n    table: db.blobs\n    rows: [[")
                    .append(key(key))
                    .append(", 0]]\n");
        }
        for (int round = 1; round <= UPDATES; round++) {
            for (int key = 0; key < KEYS; key++) {
                script.append("  - type: update\n    table: db.blobs\n")
                        .append("    before: [")
                        .append(key(key))
                        .append(", ")
                        .append(round - 1)
                        .append("]\n    after: [")
                        .append(key(key))
                        .append(", ")
                        .append(round)
                        .append("]\n");
            }
        }
        Path file = dir.resolve("blobs.yaml");
        Files.writeString(file, script.toString());
        return "source:\n"
                + "  type: values\n"
                + "  script: "
                + file
                + "\n"
                + "sink:\n"
                + "  type: "
                + TestSinkFactory.IDENTIFIER
                + "\n"
                + "  kind: key-writers\n"
                + "  run: "
                + run
                + "\n"
                + "pipeline:\n"
                + "  parallelism: 2\n";
    }

    /** A UUID-like 16-byte key, the same in every run, in base64 as the values source reads it. */
    private static String key(int key) {
        byte[] bytes = new byte[16];
        new Random(key).nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }
}
