package dev.schemaop.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.benchmarks.workload.Workload;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

class ReportsTest {
    @TempDir Path dir;

    @Test
    void writesTheTablesTheTargetsAndTheChart() throws Exception {
        List<ConfigResult> results = new ArrayList<>();
        for (int p = 1; p <= 2; p++) {
            results.add(config("W1", p, "a", null, 1_000_000, 0));
            if (p == 2) {
                results.add(config("W1", p, "a'", null, 500_000, 0));
            }
            results.add(config("W1", p, "b", "EVOLVE", 200_000, 0));
            results.add(config("W1", p, "c", "EVOLVE", 480_000, 0));
        }
        results.add(config("W2", 1, "a", null, 900_000, 0));
        results.add(config("W2", 1, "b", "EVOLVE", 10_000, 7));
        results.add(config("W2", 1, "c", "EVOLVE", 300_000, 0));

        Reports.write(dir, "quick", 12, results);
        String md = Files.readString(dir.resolve("latest.md"));

        assertThat(md)
                .contains(
                        "| W1 | 1 | EVOLVE | 1,000,000 | - | 200,000 | 480,000 | 0.48 | 0.48 | 2.40 |")
                .contains(
                        "| W1 | 2 | EVOLVE | 1,000,000 | 500,000 | 200,000 | 480,000 | 0.48 | 0.96 | 2.40 |")
                .contains("| 0 / 0 |")
                .contains("**missed:** W1 p1 EVOLVE: c/a >= 0.95 (0.48)")
                .contains("met: W1 p1 EVOLVE: c/b >= 1.0 (2.40)")
                .contains("met: W2 p1 EVOLVE: c/b >= 20 (30.00)")
                .contains("**missed:** W2 p1 EVOLVE: c(W2) >= 0.7 x c(W1) (0.63)")
                .contains("| 7 / 0 |");
        assertThat(Files.readString(dir.resolve("latest.json"))).contains("\"cOverKeyedA\" : 0.96");
        assertThat(md).contains("| 0 / 0 | 0 / 0 |"); // row-count errors, failed jobs
        assertThat(Files.size(dir.resolve("latest.png"))).isPositive();
    }

    @Test
    void aFailedJobIsCountedAndLeftOutOfTheMedian() throws Exception {
        RunResult finished =
                new RunResult(
                        1000,
                        100,
                        100,
                        0,
                        0,
                        0,
                        0,
                        new long[0],
                        new long[0],
                        -1,
                        -1,
                        -1,
                        List.of(),
                        null);
        RunResult failed = RunResult.failed(new Workload("W1", 1, 100, 0, 0), "boom");
        ConfigResult b =
                new ConfigResult("W1", "W1", 1, "b", "EVOLVE", List.of(finished, failed, finished));
        ConfigResult c = new ConfigResult("W1", "W1", 1, "c", "EVOLVE", List.of(finished));

        assertThat(b.medianRowsPerSecond()).isEqualTo(1000);
        assertThat(b.failedJobs()).isEqualTo(1);
        Reports.write(dir, "quick", 1, List.of(b, c));
        assertThat(Files.readString(dir.resolve("latest.md")))
                .contains("| 1 / 0 |")
                .contains("- W1 p1 EVOLVE (b): job failed: boom");
    }

    @Test
    void w5AloneGoesToItsOwnFilesWithItsTargetAndItsFailures() throws Exception {
        W5Results w5 = new W5Results();
        for (int p = 1; p <= 2; p++) {
            w5.add(w5Config("PostgreSQL", p, W5Variant.LOOP, 100_000, List.of()));
            w5.add(
                    w5Config(
                            "PostgreSQL",
                            p,
                            W5Variant.PIPELINE,
                            p == 1 ? 80_000 : 60_000,
                            List.of()));
            w5.add(
                    w5Config(
                            "PostgreSQL",
                            p,
                            W5Variant.PIPELINE_WITH_CHANGES,
                            50_000,
                            p == 2
                                    ? List.of("bench_w5_p2_changes.t0: rows is 9, expected 10")
                                    : List.of()));
        }
        w5.skipped("no MariaDB at jdbc:mariadb://127.0.0.1:3306/ as root (refused)");

        String written = Reports.write(dir, "full", 5, List.of(), w5);

        assertThat(written).isEqualTo("w5-latest.md");
        assertThat(dir.resolve("latest.md")).doesNotExist();
        assertThat(dir.resolve("latest.json")).doesNotExist();
        String md = Files.readString(dir.resolve("w5-latest.md"));
        assertThat(md)
                .contains("`benchmarks/run.sh --only W5`")
                .doesNotContain("(a') bare")
                .contains(
                        "| PostgreSQL | 1 | 100,000 | 80,000 | 0.80 | 0.80 | 50,000 | 2 | 1.0 / 2.0 | 0.3 / 0.4 | 0.5 / 0.5 | 1 / 1 / 1 | 0 / 0 |")
                .contains("- skipped: no MariaDB at")
                .contains("met: W5 PostgreSQL p1: pipeline / loop >= 0.7 (0.80)")
                .contains("**missed:** W5 PostgreSQL p2: pipeline / loop >= 0.7 (0.60)")
                .contains(
                        "**failed:** W5 PostgreSQL p2 pipeline + changes: bench_w5_p2_changes.t0: rows is 9, expected 10");
        assertThat(w5.failures()).hasSize(1);
        assertThat(Files.readString(dir.resolve("w5-latest.json")))
                .contains("\"overLoop\" : 0.8")
                .contains("\"stallP99Ms\" : 2.0");
    }

    private static W5Config w5Config(
            String database,
            int parallelism,
            W5Variant variant,
            double rowsPerSecond,
            List<String> problems) {
        boolean changes = variant == W5Variant.PIPELINE_WITH_CHANGES;
        W5Job job =
                new W5Job(
                        rowsPerSecond,
                        changes ? new long[] {1_000_000, 2_000_000} : new long[0],
                        changes ? new long[] {300_000, 400_000} : new long[0],
                        changes ? new long[] {500_000} : new long[0],
                        problems,
                        null);
        return new W5Config(database, parallelism, variant, "1 table, 10 rows", List.of(job));
    }

    private static ConfigResult config(
            String workload,
            int parallelism,
            String topology,
            String behavior,
            double rowsPerSecond,
            long wrongShape) {
        RunResult run =
                new RunResult(
                        rowsPerSecond,
                        100,
                        100,
                        wrongShape,
                        0,
                        0,
                        0,
                        new long[] {1_000_000, 2_000_000},
                        new long[0],
                        -1,
                        -1,
                        -1,
                        List.of(),
                        null);
        return new ConfigResult(
                workload,
                workload + " for the test",
                parallelism,
                topology,
                behavior,
                List.of(run));
    }
}
