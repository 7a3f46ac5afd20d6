package dev.schemaop.connectors.jdbc.testutil;

import org.apache.flink.api.common.operators.ProcessingTimeService;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** A processing-time service whose clock the test moves; timers fire in the test's thread. */
public final class ManualTimeService implements ProcessingTimeService {
    private long now;
    private final List<Timer> timers = new ArrayList<>();

    @Override
    public long getCurrentProcessingTime() {
        return now;
    }

    @Override
    public ScheduledFuture<?> registerTimer(long timestamp, ProcessingTimeCallback target) {
        Timer timer = new Timer(timestamp, target);
        timers.add(timer);
        return timer;
    }

    /** Moves the clock and fires the timers that are due, in time order. */
    public void advance(long millis) throws Exception {
        now += millis;
        while (true) {
            Timer due = null;
            for (Timer t : timers) {
                if (t.timestamp <= now && (due == null || t.timestamp < due.timestamp)) {
                    due = t;
                }
            }
            if (due == null) {
                return;
            }
            timers.remove(due);
            due.target.onProcessingTime(due.timestamp);
        }
    }

    public int pendingTimers() {
        return timers.size();
    }

    private static final class Timer implements ScheduledFuture<Object> {
        final long timestamp;
        final ProcessingTimeCallback target;

        Timer(long timestamp, ProcessingTimeCallback target) {
            this.timestamp = timestamp;
            this.target = target;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return 0;
        }

        @Override
        public int compareTo(Delayed o) {
            return 0;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            return false;
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public boolean isDone() {
            return false;
        }

        @Override
        public Object get() {
            return null;
        }

        @Override
        public Object get(long timeout, TimeUnit unit) {
            return null;
        }
    }
}
