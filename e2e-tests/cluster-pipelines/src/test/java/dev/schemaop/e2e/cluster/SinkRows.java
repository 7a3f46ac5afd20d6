package dev.schemaop.e2e.cluster;

import java.sql.SQLException;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Waits for the sink to reach a state while the job runs on the cluster: a CDC pipeline gives no
 * signal when it has caught up. The bound only ends a test that would hang; the assertion
 * afterwards is on the exact state.
 */
final class SinkRows {
    private static final long LIMIT_MS = 120_000;

    private SinkRows() {}

    static <T> T await(LocalCluster cluster, String jobId, Callable<T> probe, T expected)
            throws Exception {
        long deadline = System.currentTimeMillis() + LIMIT_MS;
        T last = null;
        while (System.currentTimeMillis() < deadline) {
            String state = cluster.getJson("/jobs/" + jobId).path("state").asText();
            if (state.equals("FAILED") || state.equals("CANCELED")) {
                throw new AssertionError(
                        "Job "
                                + jobId
                                + " is "
                                + state
                                + ": "
                                + cluster.get("/jobs/" + jobId + "/exceptions"));
            }
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
}
