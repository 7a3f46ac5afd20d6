package dev.schemaop.faults;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Random scripts of rows and schema changes, run with faults at random points against a sink that
 * behaves like a database, compared with a reference model (issue 7). Which seeds run:
 *
 * <ul>
 *   <li>by default the fixed {@link #CI_SEEDS};
 *   <li>{@code -Dfaults.seed=N[,M..]}: those seeds (what a failing run prints to replay it);
 *   <li>{@code -Dfaults.seeds=N [-Dfaults.first=S]}: N fresh seeds from S (default: the clock), a
 *       soak; {@code run.sh --seeds N} runs it and lists the seeds that failed.
 * </ul>
 */
class RandomFaultTest {
    static final long[] CI_SEEDS = LongStream.rangeClosed(1, 24).toArray();
    private static final List<String> FAILED = new ArrayList<>();
    private static int ran;

    @TestFactory
    Stream<DynamicTest> seeds() {
        return SeedSelection.toRun(CI_SEEDS)
                .mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> runSeed(seed)));
    }

    private static void runSeed(long seed) throws Exception {
        String failure =
                SeedRunner.run(RunPlan.of(seed, !Boolean.getBoolean("faults.trusting.writers")));
        synchronized (FAILED) {
            ran++;
            if (failure != null) {
                FAILED.add(Long.toString(seed));
            }
        }
        if (failure != null) {
            fail(failure);
        }
    }

    @AfterAll
    static void summary() throws IOException {
        String summary =
                String.format(
                        "random fault runs: %d seeds, %d failed%s%n",
                        ran,
                        FAILED.size(),
                        FAILED.isEmpty() ? "" : ": " + String.join(" ", FAILED));
        System.out.print(summary);
        Files.writeString(Path.of("target", "faults-summary.txt"), summary);
    }
}
