package dev.schemaop.faults;

import org.apache.flink.util.FileUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one plan with a time limit (a hang is a finding too) and reports it: a line PASS/FAIL with
 * the plan, and on failure what differed and the command that replays it. A failing run's files
 * (script, pipeline, checkpoints) stay in {@code target/runs/seed-N} for triage.
 */
final class SeedRunner {
    private static final Logger LOG = LoggerFactory.getLogger(SeedRunner.class);

    /**
     * Below the runtime's default rpc timeout (3 minutes), which ends any wait of the protocol: a
     * run that only such a timeout got going again counts as a hang, not as a pass (a run takes
     * seconds).
     */
    private static final long TIMEOUT_SECONDS = 150;

    private static final Path RUNS = Path.of("target", "runs");

    private SeedRunner() {}

    /** What went wrong, ready to print; null when the run is right. */
    static String run(RunPlan plan) throws Exception {
        RandomRun.resetSourceFaults();
        LOG.info("==== run {}", plan.describe());
        ExecutorService thread =
                Executors.newSingleThreadExecutor(
                        r -> {
                            Thread t = new Thread(r, "random-run-" + plan.seed());
                            t.setDaemon(true);
                            return t;
                        });
        List<String> differences;
        long fired = 0;
        try {
            Path dir = RUNS.resolve("seed-" + plan.seed()).toAbsolutePath();
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
        String outcome =
                (differences.isEmpty() ? "PASS " : "FAIL ")
                        + plan.describe()
                        + " ("
                        + fired
                        + " struck)";
        LOG.info("==== {}", outcome);
        System.out.println(outcome);
        if (differences.isEmpty()) {
            deleteRecursively(RUNS.resolve("seed-" + plan.seed()).toAbsolutePath());
        }
        return differences.isEmpty()
                ? null
                : plan.describe()
                        + "\n"
                        + String.join("\n", differences)
                        + "\nReplay: "
                        + plan.replayCommand();
    }

    /**
     * Removes a passed run's files. The run's embedded cluster may still be removing subsumed
     * checkpoints as it shuts down, so files can vanish under the walk: a few attempts, and a run
     * that passed never fails on its cleanup.
     */
    private static void deleteRecursively(Path dir) throws InterruptedException {
        for (int attempt = 0; attempt < 20 && Files.exists(dir); attempt++) {
            try {
                FileUtils.deleteDirectory(dir.toFile()); // Flink's: safe against concurrent deletes
            } catch (IOException stillBeingWritten) {
                Thread.sleep(100);
            }
        }
    }
}
