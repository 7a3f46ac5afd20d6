package dev.schemaop.e2e.mariadb;

import java.sql.SQLException;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Waits for the sink to reach a state: a CDC pipeline gives no signal when it has caught up. The
 * bound is generous (it only ends a test that would otherwise hang); the assertion afterwards is on
 * the exact state.
 */
final class Await {
    private static final long LIMIT_MS = 90_000;

    private Await() {}

    static <T> T until(RunningPipeline pipeline, Callable<T> probe, T expected) throws Exception {
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
    static Throwable failure(RunningPipeline pipeline) throws InterruptedException {
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
