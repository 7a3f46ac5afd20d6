package dev.schemaop.registry;

import org.apache.flink.runtime.executiongraph.ExecutionAttemptID;
import org.apache.flink.runtime.messages.Acknowledge;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/** The gateway of one schema operator subtask: records what the registry sends to it. */
final class RecordingGateway implements OperatorCoordinator.SubtaskGateway {
    private final int subtask;
    private final List<OperatorEvent> events = new ArrayList<>();

    RecordingGateway(int subtask) {
        this.subtask = subtask;
    }

    @Override
    public synchronized CompletableFuture<Acknowledge> sendEvent(OperatorEvent event) {
        events.add(event);
        notifyAll();
        return CompletableFuture.completedFuture(Acknowledge.get());
    }

    @Override
    public ExecutionAttemptID getExecution() {
        throw new UnsupportedOperationException();
    }

    @Override
    public int getSubtask() {
        return subtask;
    }

    synchronized List<OperatorEvent> events() {
        return List.copyOf(events);
    }

    <T extends OperatorEvent> List<T> eventsOf(Class<T> type) {
        List<T> found = new ArrayList<>();
        for (OperatorEvent event : events()) {
            if (type.isInstance(event)) {
                found.add(type.cast(event));
            }
        }
        return found;
    }

    /** The first event of this type that matches, waiting a few seconds at most for it. */
    synchronized <T extends OperatorEvent> T await(Class<T> type, Predicate<T> matches)
            throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + FakeCoordinatorContext.WAIT.toNanos();
        while (true) {
            for (OperatorEvent event : events) {
                if (type.isInstance(event) && matches.test(type.cast(event))) {
                    return type.cast(event);
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new TimeoutException(
                        "Subtask "
                                + subtask
                                + " received no matching "
                                + type.getSimpleName()
                                + "; it received "
                                + events);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
