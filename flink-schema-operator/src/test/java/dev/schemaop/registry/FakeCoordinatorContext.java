package dev.schemaop.registry;

import org.apache.flink.api.common.JobID;
import org.apache.flink.metrics.groups.OperatorCoordinatorMetricGroup;
import org.apache.flink.runtime.checkpoint.CheckpointCoordinator;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.metrics.NoOpMetricRegistry;
import org.apache.flink.runtime.metrics.groups.InternalOperatorCoordinatorMetricGroup;
import org.apache.flink.runtime.metrics.groups.JobManagerMetricGroup;
import org.apache.flink.runtime.operators.coordination.CoordinatorStore;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.util.AbstractID;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A coordinator context that records {@code failJob}: the first failure completes {@link
 * #firstFailure()}, every failure is kept. Methods the registry does not use throw.
 */
final class FakeCoordinatorContext implements OperatorCoordinator.Context {
    static final Duration WAIT = Duration.ofSeconds(5);

    private final JobID job;
    private final OperatorID operatorId;
    private final int parallelism;
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Throwable> firstFailure = new CompletableFuture<>();

    FakeCoordinatorContext(int parallelism) {
        this(parallelism, new JobID(), new OperatorID());
    }

    FakeCoordinatorContext(int parallelism, JobID job, OperatorID operatorId) {
        this.parallelism = parallelism;
        this.job = job;
        this.operatorId = operatorId;
    }

    @Override
    public OperatorID getOperatorId() {
        return operatorId;
    }

    @Override
    public void failJob(Throwable cause) {
        synchronized (this) {
            failures.add(cause);
            notifyAll();
        }
        firstFailure.complete(cause);
    }

    @Override
    public int currentParallelism() {
        return parallelism;
    }

    @Override
    public ClassLoader getUserCodeClassloader() {
        return FakeCoordinatorContext.class.getClassLoader();
    }

    @Override
    public OperatorCoordinatorMetricGroup metricGroup() {
        // As the JobManager builds it: the job's group holds the job id.
        return new InternalOperatorCoordinatorMetricGroup(
                JobManagerMetricGroup.createJobManagerMetricGroup(
                                NoOpMetricRegistry.INSTANCE, "localhost")
                        .addJob(job, "test job")
                        .getOrAddOperator(new AbstractID(), "task", operatorId, "operator"));
    }

    @Override
    public CoordinatorStore getCoordinatorStore() {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean isConcurrentExecutionAttemptsSupported() {
        return false;
    }

    @Override
    public CheckpointCoordinator getCheckpointCoordinator() {
        throw new UnsupportedOperationException();
    }

    List<Throwable> failures() {
        return List.copyOf(failures);
    }

    CompletableFuture<Throwable> firstFailure() {
        return firstFailure;
    }

    /** The first {@code count} failures, waiting a few seconds at most for them. */
    synchronized List<Throwable> awaitFailures(int count) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (failures.size() < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(
                        "Expected "
                                + count
                                + " failJob calls, got "
                                + failures.size()
                                + ": "
                                + failures);
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return List.copyOf(failures.subList(0, count));
    }

    /** The first failure, waiting for it a few seconds at most. */
    Throwable awaitFailure() throws Exception {
        return firstFailure.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }
}
