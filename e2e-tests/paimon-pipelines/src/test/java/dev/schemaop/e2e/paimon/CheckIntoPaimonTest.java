package dev.schemaop.e2e.paimon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.CliOutput;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code flink-cdc.sh check} on the example pipeline into Paimon: before the first run the
 * warehouse does not exist and is not created by the check; after a LENIENT run the table no longer
 * holds the pipeline's first create (a DATE column became text), and the check changed no file of
 * the warehouse.
 */
class CheckIntoPaimonTest {
    @TempDir Path dir;

    @Test
    void aMissingWarehouseIsNotCreatedAndAnEvolvedTableIsFound() throws Exception {
        Path warehouse = dir.resolve("warehouse");
        String pipeline =
                PaimonPipelineRun.example(warehouse)
                        .replace(
                                "  table.properties.bucket: 2",
                                "  existing-table.schema-expansion.mode: \"CHECK\"\n"
                                        + "  table.properties.bucket: 2");
        Path file = dir.resolve("check.yaml");
        Files.writeString(file, pipeline);
        String jar = PaimonPipelineRun.connectorJar().toString();

        CliOutput before = CliOutput.of("check", "--jar", jar, file.toString());

        assertThat(before.exitCode()).as("CHECK never creates tables").isEqualTo(1);
        assertThat(before.stdout())
                .contains("  incompatible  shop.orders  <- shop.orders\n")
                .contains("The sink has no table shop.orders");
        assertThat(warehouse).as("the check created no warehouse").doesNotExist();

        PaimonPipelineRun.run(dir, pipeline.replace("\"CHECK\"", "\"DISABLED\"")).assertSucceeded();
        long files;
        try (var walk = Files.walk(warehouse)) {
            files = walk.count();
        }

        CliOutput after = CliOutput.of("check", "--jar", jar, file.toString());

        // the run's LENIENT turned birthday DATE into a text column: the first create no longer
        // fits
        assertThat(after.stdout())
                .contains(
                        "  incompatible  shop.orders  <- shop.orders\n"
                                + "      The existing sink table shop.orders does not hold what the"
                                + " pipeline sends (existing-table.schema-expansion.mode: CHECK); 1"
                                + " difference:\n"
                                + "        - column birthday: upstream DATE, target VARCHAR(30): the"
                                + " table's type does not hold the upstream type and no wider type"
                                + " holds both\n")
                .endsWith("A start would fail: 1 sink table (1 incompatible).\n");
        assertThat(after.exitCode()).isEqualTo(1);
        try (var walk = Files.walk(warehouse)) {
            assertThat(walk.count()).as("files in the warehouse").isEqualTo(files);
        }
    }
}
