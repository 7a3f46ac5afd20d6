package dev.schemaop.benchmarks.w6;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

class W6ResultTest {
    private static W6Result result(double snapshotRate, List<String> problems) {
        return new W6Result(
                1_000,
                50,
                50,
                10,
                0.1,
                new double[] {300, 100, 200},
                1.5,
                20,
                2.0,
                snapshotRate,
                1_000,
                500,
                0.3,
                new long[] {4_000, 1_000, 3_000, 2_000},
                1_000,
                50,
                50,
                problems);
    }

    @Test
    void ratioIsTheSnapshotOverTheMedianScan() {
        W6Result result = result(100, List.of());
        assertThat(result.medianScan()).isEqualTo(200);
        assertThat(result.ratio()).isEqualTo(0.5);
        assertThat(result.verified()).isTrue();
    }

    @Test
    void lagPercentilesAreNearestRank() {
        W6Result result = result(100, List.of());
        assertThat(result.lagPercentileMs(50)).isEqualTo(2.0);
        assertThat(result.lagPercentileMs(99)).isEqualTo(4.0);
        assertThat(result.lagPercentileMs(100)).isEqualTo(4.0);
    }

    @Test
    void writesItsOwnFilesAndTheTargetVerdict(@TempDir Path dir) throws Exception {
        assertThat(
                        result(90, List.of("lost a row"))
                                .write(dir, "full", "MariaDB", new MariaDbScannedSource()))
                .isEqualTo("w6-latest");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("w6-latest.json").toFile());
        assertThat(json.get("targetMet").asBoolean()).isFalse();
        assertThat(json.get("problems").get(0).asText()).isEqualTo("lost a row");
        assertThat(Files.readString(dir.resolve("w6-latest.md"))).contains("missed", "PROBLEMS");
        assertThat(
                        result(100, List.of())
                                .write(dir, "quick", "MariaDB", new MariaDbScannedSource()))
                .isEqualTo("w6-quick");
        assertThat(
                        result(100, List.of())
                                .write(dir, "full", "PostgreSQL", new PostgresScannedSource()))
                .isEqualTo("w9-latest");
        assertThat(Files.readString(dir.resolve("w9-latest.md")))
                .startsWith("# W9: the PostgreSQL source (full)")
                .contains("; the PostgreSQL source -> this runtime (c) -> counting sink");
        assertThat(dir.resolve("latest.json")).doesNotExist();
    }
}
