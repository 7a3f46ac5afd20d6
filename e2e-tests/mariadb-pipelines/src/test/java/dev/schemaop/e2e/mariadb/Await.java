package dev.schemaop.e2e.mariadb;

import java.sql.SQLException;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * Waits for the sink to reach a state: a CDC pipeline gives no signal when it has caught up. The
 * bound is generous (it only ends a test that would otherwise hang); the assertion afterwards is on
 * the exact state.
 */
public final class Await {
    private static final long LIMIT_MS = 90_000;

    private Await() {}

    /** A pipeline being waited for: fails with the pipeline's own error once it ended. */
    public interface Running {
        void assertRunning() throws Exception;
    }

    /** A command line run on a thread of its own ({@link CliRun#start}). */
    static <T> T until(CompletableFuture<CliRun> run, Callable<T> probe, T expected)
            throws Exception {
        return until(
                () -> {
                    if (run.isDone()) {
                        CliRun ended = run.join();
                        throw new AssertionError(
                                "The pipeline ended with exit code "
                                        + ended.exitCode
                                        + ":\n"
                                        + ended.stderr);
                    }
                },
                probe,
                expected);
    }

    public static <T> T until(Running pipeline, Callable<T> probe, T expected) throws Exception {
        long deadline = System.currentTimeMillis() + LIMIT_MS;
        T last = null;
        while (System.currentTimeMillis() < deadline) {
            pipeline.assertRunning();
            try {
                last = probe.call();
            } catch (SQLException notYet) {
                last = null; // e.g. the table is not created yet
            }
            if (Objects.equals(last, expected)) {
                return last;
            }
            Thread.sleep(200);
        }
        return last;
    }

    /** The job's failure, once it failed (null when it still runs after two minutes). */
    public static Throwable failure(RunningPipeline pipeline) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 120_000;
        while (System.currentTimeMillis() < deadline) {
            try {
                pipeline.assertRunning();
            } catch (Throwable failed) {
                return failed;
            }
            Thread.sleep(200);
        }
        return null;
    }
}
