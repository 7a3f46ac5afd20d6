package dev.schemaop.cli;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.runtime.checkpoint.CheckpointStatsSnapshot;
import org.apache.flink.runtime.checkpoint.RestoredCheckpointStats;
import org.apache.flink.runtime.execution.ExecutionState;
import org.apache.flink.runtime.executiongraph.AccessExecution;
import org.apache.flink.runtime.executiongraph.AccessExecutionVertex;
import org.apache.flink.runtime.executiongraph.ArchivedExecutionGraph;
import org.apache.flink.runtime.executiongraph.ErrorInfo;
import org.apache.flink.runtime.scheduler.ExecutionGraphInfo;
import org.apache.flink.runtime.scheduler.exceptionhistory.RootExceptionHistoryEntry;

import java.io.PrintStream;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;

/**
 * Says on the console, as it happens, that the embedded run's job failed and that Flink restarted
 * it ({@link FailureTimeline}): Flink logs both only into the log file, so a job that kept failing
 * and restarting looked like one that ran. Every half second, on a thread of its own, it reads the
 * job's exception history (an entry per failure Flink handled) and its tasks' execution attempts (a
 * restarted task runs a new one). The failure that ends the job is left to the run's own message.
 * Closing it reads the job once more, so that what happened just before the end is said.
 */
final class JobFailureLines implements AutoCloseable {
    private static final long POLL_MILLIS = 500;

    private final EmbeddedCluster cluster;
    private final JobID job;
    private final ClassLoader classLoader;
    private final PrintStream err;
    private final FailureTimeline timeline = new FailureTimeline(ZoneId.systemDefault());
    private final ScheduledExecutorService poller =
            Executors.newSingleThreadScheduledExecutor(
                    runnable -> {
                        Thread thread = new Thread(runnable, "flink-cdc-job-failures");
                        thread.setDaemon(true);
                        return thread;
                    });

    private JobFailureLines(
            EmbeddedCluster cluster, JobID job, ClassLoader classLoader, PrintStream err) {
        this.cluster = cluster;
        this.job = job;
        this.classLoader = classLoader;
        this.err = err;
    }

    static JobFailureLines watch(
            EmbeddedCluster cluster, JobID job, ClassLoader classLoader, PrintStream err) {
        JobFailureLines lines = new JobFailureLines(cluster, job, classLoader, err);
        lines.poller.scheduleWithFixedDelay(
                () -> lines.poll(false), POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
        return lines;
    }

    @Override
    public void close() throws InterruptedException {
        poller.shutdownNow();
        poller.awaitTermination(1, TimeUnit.MINUTES);
        poll(true);
    }

    /** One read of the job; the last one, after it ended, decides every restart it holds. */
    private void poll(boolean last) {
        ExecutionGraphInfo info;
        try {
            info = cluster.executionGraphInfo(job).get(10 * POLL_MILLIS, TimeUnit.MILLISECONDS);
        } catch (Exception notNow) {
            if (notNow instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            if (last) {
                timeline.unread().forEach(err::println); // no read follows
            }
            return; // interrupted, or the JobManager busy or not there yet: the next read says it
        }
        ArchivedExecutionGraph graph = info.getArchivedExecutionGraph();
        FailureTimeline.Snapshot snapshot =
                new FailureTimeline.Snapshot(
                        recovered(info.getExceptionHistory(), graph),
                        laterAttempts(graph),
                        restore(graph.getCheckpointStatsSnapshot()));
        (last ? timeline.last(snapshot) : timeline.next(snapshot)).forEach(err::println);
    }

    /**
     * The failures Flink recovered from: every entry of the history but the one of the failure that
     * ends the job, which Flink adds when the job has ended, after the job's own failure time.
     */
    private List<FailureTimeline.Failure> recovered(
            Iterable<RootExceptionHistoryEntry> history, ArchivedExecutionGraph graph) {
        JobStatus state = graph.getState();
        ErrorInfo ending =
                state == JobStatus.FAILING || state == JobStatus.FAILED
                        ? graph.getFailureInfo()
                        : null;
        return StreamSupport.stream(history.spliterator(), false)
                .filter(entry -> ending == null || entry.getTimestamp() < ending.getTimestamp())
                .sorted(Comparator.comparingLong(RootExceptionHistoryEntry::getTimestamp))
                .map(
                        entry ->
                                new FailureTimeline.Failure(
                                        entry.getTimestamp(),
                                        taskName(entry.getFailingTaskName()),
                                        cause(entry)))
                .toList();
    }

    /** "Sink: x (1/2) - execution #3": the attempt is Flink's bookkeeping, the lines count. */
    private static String taskName(String failingTask) {
        return failingTask == null ? null : failingTask.replaceFirst(" - execution #\\d+$", "");
    }

    private String cause(ErrorInfo failure) {
        String message =
                FailureMessages.rootMessage(failure.getException().deserializeError(classLoader));
        return message.lines().findFirst().orElse("");
    }

    /** When each task attempt after a task's first was created. */
    private static List<Long> laterAttempts(ArchivedExecutionGraph graph) {
        List<Long> created = new ArrayList<>();
        for (AccessExecutionVertex task : graph.getAllExecutionVertices()) {
            List<AccessExecution> attempts =
                    new ArrayList<>(task.getExecutionHistory().getHistoricalExecutions());
            attempts.add(task.getCurrentExecutionAttempt());
            for (AccessExecution attempt : attempts) {
                if (attempt.getAttemptNumber() > 0) {
                    created.add(attempt.getStateTimestamp(ExecutionState.CREATED));
                }
            }
        }
        return created;
    }

    private static FailureTimeline.Restore restore(CheckpointStatsSnapshot checkpoints) {
        RestoredCheckpointStats restored =
                checkpoints == null ? null : checkpoints.getLatestRestoredCheckpoint();
        return restored == null
                ? null
                : new FailureTimeline.Restore(
                        restored.getCheckpointId(), restored.getRestoreTimestamp());
    }
}
