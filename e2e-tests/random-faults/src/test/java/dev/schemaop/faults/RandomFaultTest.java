package dev.schemaop.faults;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Random scripts of rows and schema changes, run with faults at random points against a sink
 * that behaves like a database, compared with a reference model (issue 7). Which seeds run:
 *
 * <ul>
 *   <li>by default the fixed {@link #CI_SEEDS};
 *   <li>{@code -Dfaults.seed=N}: that one seed (what a failing run prints to replay it);
 *   <li>{@code -Dfaults.seeds=N [-Dfaults.first=S]}: N fresh seeds from S (default: the clock),
 *       a soak; {@code run.sh --seeds N} runs it and lists the seeds that failed.
 * </ul>
 */
class RandomFaultTest {
    static final long[] CI_SEEDS = LongStream.rangeClosed(1, 24).toArray();
    private static final long TIMEOUT_SECONDS = 240;
    private static final List<String> FAILED = new ArrayList<>();
    private static int ran;

    /** Each seed's script, pipeline and checkpoints, kept for triage (the next run replaces them). */
    private static final Path RUNS = Path.of("target", "runs");

    @TestFactory
    Stream<DynamicTest> seeds() {
        return seedsToRun().mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> runSeed(seed)));
    }

    private static LongStream seedsToRun() {
        String one = System.getProperty("faults.seed", "");
        String count = System.getProperty("faults.seeds", "");
        if (!one.isBlank()) {
            return LongStream.of(Long.parseLong(one.strip()));
        }
        if (!count.isBlank()) {
            String first = System.getProperty("faults.first", "");
            long start = first.isBlank() ? System.currentTimeMillis() % 1_000_000_000L : Long.parseLong(first.strip());
            return LongStream.range(start, start + Long.parseLong(count.strip()));
        }
        return LongStream.of(CI_SEEDS);
    }

    static void runSeed(long seed) throws Exception {
        RunPlan plan = RunPlan.of(seed);
        RandomRun.resetSourceFaults();
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "random-run-" + seed);
            t.setDaemon(true);
            return t;
        });
        List<String> differences;
        long fired = 0;
        try {
            Path dir = RUNS.resolve("seed-" + seed).toAbsolutePath();
            deleteRecursively(dir);
            Future<RandomRun.Outcome> result = thread.submit(() -> RandomRun.run(plan, dir));
            RandomRun.Outcome outcome = result.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            differences = outcome.differences();
            fired = outcome.faultsFired();
        } catch (TimeoutException e) {
            differences = List.of("the run did not end within " + TIMEOUT_SECONDS + " s (a hang)");
        } catch (ExecutionException e) {
            throw new AssertionError(plan.describe() + "\nthe run itself failed", e.getCause());
        } finally {
            thread.shutdownNow();
        }
        synchronized (FAILED) {
            ran++;
            if (!differences.isEmpty()) {
                FAILED.add(Long.toString(seed));
            }
        }
        System.out.println((differences.isEmpty() ? "PASS " : "FAIL ") + plan.describe() + " (" + fired + " struck)");
        if (!differences.isEmpty()) {
            fail(plan.describe() + "\n" + String.join("\n", differences)
                    + "\nReplay: e2e-tests/random-faults/run.sh --seed " + seed);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @AfterAll
    static void summary() throws IOException {
        String summary = String.format("random fault runs: %d seeds, %d failed%s%n", ran, FAILED.size(),
                FAILED.isEmpty() ? "" : ": " + String.join(" ", FAILED));
        System.out.print(summary);
        Files.writeString(Path.of("target", "faults-summary.txt"), summary);
    }
}
