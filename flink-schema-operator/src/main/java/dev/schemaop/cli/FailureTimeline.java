package dev.schemaop.cli;

import javax.annotation.Nullable;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

/**
 * The failures a job recovered from and its restarts, as lines in the order they happened, from
 * successive reads of the job: pure bookkeeping, no threads, no I/O. A restart is found by the
 * tasks' new execution attempts: the first attempt created at or after a failure is that failure's
 * restart (Flink restarts after every failure it recovers from, once the restart strategy's delay
 * has passed).
 */
final class FailureTimeline {
    /** A failure the job recovered from: when, in which task (null: the whole job), and why. */
    record Failure(long time, @Nullable String task, String cause) {}

    /** The checkpoint the job restored last, and when. */
    record Restore(long checkpoint, long time) {}

    /**
     * One read of the job.
     *
     * @param failures the failures it recovered from that its history still holds, oldest first
     * @param attempts when each task attempt after a task's first was created
     * @param restore the checkpoint restored last; null when none was
     */
    record Snapshot(List<Failure> failures, List<Long> attempts, @Nullable Restore restore) {}

    private record Line(long time, String text) {}

    private final DateTimeFormatter clock;
    private long lastFailure = Long.MIN_VALUE;
    private int failures;
    private int restarts;

    /** Failures said whose restart was not seen yet, by time, oldest first. */
    private final List<Long> awaitingRestart = new ArrayList<>();

    FailureTimeline(ZoneId zone) {
        this.clock = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(zone);
    }

    /** The lines of what happened since the previous read, in the order it happened. */
    List<String> next(Snapshot job) {
        List<Line> lines = new ArrayList<>();
        for (Failure failure : job.failures()) {
            if (failure.time() > lastFailure) {
                lastFailure = failure.time();
                awaitingRestart.add(failure.time());
                lines.add(new Line(failure.time(), failureLine(++failures, failure)));
            }
        }
        List<Long> restartTimes = new ArrayList<>();
        while (!awaitingRestart.isEmpty()) {
            long failed = awaitingRestart.get(0);
            OptionalLong restarted =
                    job.attempts().stream()
                            .mapToLong(Long::longValue)
                            .filter(t -> t >= failed)
                            .min();
            if (restarted.isEmpty()) {
                break;
            }
            awaitingRestart.remove(0);
            restartTimes.add(restarted.getAsLong());
        }
        for (int i = 0; i < restartTimes.size(); i++) {
            long next = i + 1 < restartTimes.size() ? restartTimes.get(i + 1) : Long.MAX_VALUE;
            lines.add(
                    new Line(
                            restartTimes.get(i),
                            restartLine(++restarts, restartTimes.get(i), next, job.restore())));
        }
        return lines.stream().sorted(Comparator.comparingLong(Line::time)).map(Line::text).toList();
    }

    private String failureLine(int number, Failure failure) {
        return "Failure "
                + number
                + " of the job at "
                + clock.format(Instant.ofEpochMilli(failure.time()))
                + (failure.task() == null ? "" : " in " + failure.task())
                + ": "
                + failure.cause();
    }

    /**
     * Where the restart started from. A read shows only the latest restore: it belongs to the last
     * restart at or before it; a restart after it restored nothing (there was no checkpoint).
     */
    private String restartLine(int number, long time, long next, @Nullable Restore restore) {
        String from;
        if (restore == null || restore.time() < time) {
            from = ", from the start of its input (no checkpoint completed before the failure)";
        } else if (restore.time() < next) {
            from = ", from checkpoint " + restore.checkpoint();
        } else {
            from = "";
        }
        return "Restart "
                + number
                + " of the job at "
                + clock.format(Instant.ofEpochMilli(time))
                + from
                + ".";
    }
}
