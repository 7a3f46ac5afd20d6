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

    /**
     * A line on its way out: a failure's, said as is, or a restart's, whose "from where" is decided
     * when a read shows the restore.
     */
    private record Line(long time, @Nullable String text, int restart) {
        static Line said(long time, String text) {
            return new Line(time, text, 0);
        }
    }

    /**
     * Reads a restart waits for the restore its read did not show: Flink's checkpoint statistics
     * may lag a read (they are not rebuilt while a report holds them), and a restart said "from the
     * start" would be wrong.
     */
    private static final int READS_FOR_A_RESTORE = 4;

    private final DateTimeFormatter clock;
    private long lastFailure = Long.MIN_VALUE;
    private int failures;
    private int restarts;

    /** Failures said whose restart was not seen yet, by time, oldest first. */
    private final List<Long> awaitingRestart = new ArrayList<>();

    /** Lines not said yet, by time: from an undecided restart on. */
    private final List<Line> held = new ArrayList<>();

    private int readsWaited;

    FailureTimeline(ZoneId zone) {
        this.clock = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(zone);
    }

    /** The lines of what happened since the previous read, in the order it happened. */
    List<String> next(Snapshot job) {
        return next(job, false);
    }

    /**
     * The same for the last read, after the job ended: a restart whose restore it does not show
     * restored nothing.
     */
    List<String> last(Snapshot job) {
        return next(job, true);
    }

    private List<String> next(Snapshot job, boolean last) {
        for (Failure failure : job.failures()) {
            if (failure.time() > lastFailure) {
                lastFailure = failure.time();
                awaitingRestart.add(failure.time());
                held.add(Line.said(failure.time(), failureLine(++failures, failure)));
            }
        }
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
            held.add(new Line(restarted.getAsLong(), null, ++restarts));
        }
        held.sort(Comparator.comparingLong(Line::time));
        List<String> said = new ArrayList<>();
        while (!held.isEmpty()) {
            Line line = held.get(0);
            String text = line.text();
            if (text == null) {
                text = restartLine(line, nextRestart(), job.restore(), last);
                if (text == null) {
                    readsWaited++;
                    break;
                }
                readsWaited = 0;
            }
            held.remove(0);
            said.add(text);
        }
        return said;
    }

    /**
     * What is held, when no read can say more (the job is gone): each restart without where it
     * started from.
     */
    List<String> unread() {
        List<String> said = new ArrayList<>();
        for (Line line : held) {
            said.add(line.text() != null ? line.text() : restartText(line, ""));
        }
        held.clear();
        return said;
    }

    /** When the restart after the first held one happened; never when none is held. */
    private long nextRestart() {
        return held.stream()
                .skip(1)
                .filter(line -> line.text() == null)
                .mapToLong(Line::time)
                .findFirst()
                .orElse(Long.MAX_VALUE);
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
     * Where the restart started from; null while that is not known yet. A read shows only the
     * latest restore: it belongs to the last restart at or before it; a restart after it restored
     * nothing (there was no checkpoint), which is said once reads have waited for a restore long
     * enough, or on the last read.
     */
    @Nullable
    private String restartLine(Line restart, long next, @Nullable Restore restore, boolean last) {
        String from;
        if (restore != null && restore.time() >= restart.time() && restore.time() < next) {
            from = ", from checkpoint " + restore.checkpoint();
        } else if (restore != null && restore.time() >= next) {
            from = "";
        } else if (last || readsWaited >= READS_FOR_A_RESTORE) {
            from = ", from the start of its input (no checkpoint completed before the failure)";
        } else {
            return null;
        }
        return restartText(restart, from);
    }

    private String restartText(Line restart, String from) {
        return "Restart "
                + restart.restart()
                + " of the job at "
                + clock.format(Instant.ofEpochMilli(restart.time()))
                + from
                + ".";
    }
}
