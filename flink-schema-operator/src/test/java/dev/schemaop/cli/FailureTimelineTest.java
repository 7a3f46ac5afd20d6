package dev.schemaop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.cli.FailureTimeline.Failure;
import dev.schemaop.cli.FailureTimeline.Restore;
import dev.schemaop.cli.FailureTimeline.Snapshot;

import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

class FailureTimelineTest {
    /** 12:00:00 UTC plus {@code seconds}, in milliseconds. */
    private static long at(double seconds) {
        return LocalDateTime.of(2026, 12, 2, 12, 0).toInstant(ZoneOffset.UTC).toEpochMilli()
                + (long) (seconds * 1000);
    }

    private static final Failure FIRST = new Failure(at(1), "Sink (1/2)", "IOException: gone");
    private static final Failure SECOND = new Failure(at(5), null, "IllegalStateException: x");

    private final FailureTimeline timeline = new FailureTimeline(ZoneOffset.UTC);

    @Test
    void aFailureIsSaidOnceAndItsRestartWhenANewAttemptRuns() {
        assertThat(timeline.next(new Snapshot(List.of(), List.of(), null))).isEmpty();
        assertThat(timeline.next(new Snapshot(List.of(FIRST), List.of(), null)))
                .containsExactly(
                        "Failure 1 of the job at 12:00:01 in Sink (1/2): IOException: gone");
        assertThat(timeline.next(new Snapshot(List.of(FIRST), List.of(), null))).isEmpty();
        assertThat(
                        timeline.next(
                                new Snapshot(
                                        List.of(FIRST),
                                        List.of(at(2), at(2.001)),
                                        new Restore(7, at(2.002)))))
                .containsExactly("Restart 1 of the job at 12:00:02, from checkpoint 7.");
        assertThat(
                        timeline.next(
                                new Snapshot(
                                        List.of(FIRST),
                                        List.of(at(2), at(2.001)),
                                        new Restore(7, at(2.002)))))
                .isEmpty();
    }

    @Test
    void whatOneReadShowsIsSaidInTheOrderItHappened() {
        assertThat(
                        timeline.next(
                                new Snapshot(
                                        List.of(FIRST, SECOND),
                                        List.of(at(2), at(6)),
                                        new Restore(9, at(6)))))
                .containsExactly(
                        "Failure 1 of the job at 12:00:01 in Sink (1/2): IOException: gone",
                        "Restart 1 of the job at 12:00:02.",
                        "Failure 2 of the job at 12:00:05: IllegalStateException: x",
                        "Restart 2 of the job at 12:00:06, from checkpoint 9.");
    }

    @Test
    void aRestartWithoutACheckpointStartsOver() {
        assertThat(timeline.last(new Snapshot(List.of(FIRST, SECOND), List.of(at(2), at(6)), null)))
                .containsExactly(
                        "Failure 1 of the job at 12:00:01 in Sink (1/2): IOException: gone",
                        "Restart 1 of the job at 12:00:02, from the start of its input (no"
                                + " checkpoint completed before the failure).",
                        "Failure 2 of the job at 12:00:05: IllegalStateException: x",
                        "Restart 2 of the job at 12:00:06, from the start of its input (no"
                                + " checkpoint completed before the failure).");
    }

    /** Attempts of an earlier restart do not count as the restart of a later failure. */
    @Test
    void aFailureWhoseRestartHasNotHappenedYetWaits() {
        assertThat(
                        timeline.next(
                                new Snapshot(
                                        List.of(FIRST, SECOND),
                                        List.of(at(2)),
                                        new Restore(3, at(2)))))
                .containsExactly(
                        "Failure 1 of the job at 12:00:01 in Sink (1/2): IOException: gone",
                        "Restart 1 of the job at 12:00:02, from checkpoint 3.",
                        "Failure 2 of the job at 12:00:05: IllegalStateException: x");
        assertThat(
                        timeline.next(
                                new Snapshot(
                                        List.of(FIRST, SECOND),
                                        List.of(at(2), at(5.5)),
                                        new Restore(4, at(5.5)))))
                .containsExactly("Restart 2 of the job at 12:00:05, from checkpoint 4.");
    }

    /**
     * Flink's checkpoint statistics may show a restore a read later than the restart: the restart's
     * line, and what came after it, wait for it.
     */
    @Test
    void aRestartWaitsForTheRestoreALateReadShows() {
        Snapshot restarted = new Snapshot(List.of(FIRST), List.of(at(2)), null);
        assertThat(timeline.next(restarted))
                .containsExactly(
                        "Failure 1 of the job at 12:00:01 in Sink (1/2): IOException: gone");
        Snapshot failedAgain = new Snapshot(List.of(FIRST, SECOND), List.of(at(2)), null);
        assertThat(timeline.next(failedAgain)).as("held behind the restart").isEmpty();
        assertThat(
                        timeline.next(
                                new Snapshot(
                                        List.of(FIRST, SECOND),
                                        List.of(at(2)),
                                        new Restore(1, at(2.003)))))
                .containsExactly(
                        "Restart 1 of the job at 12:00:02, from checkpoint 1.",
                        "Failure 2 of the job at 12:00:05: IllegalStateException: x");
    }

    @Test
    void aRestoreThatNeverShowsIsNoneAfterAFewReads() {
        Snapshot restarted = new Snapshot(List.of(FIRST), List.of(at(2)), null);
        timeline.next(restarted);
        for (int read = 0; read < 3; read++) {
            assertThat(timeline.next(restarted)).isEmpty();
        }
        assertThat(timeline.next(restarted))
                .containsExactly(
                        "Restart 1 of the job at 12:00:02, from the start of its input (no"
                                + " checkpoint completed before the failure).");
    }

    @Test
    void whatIsHeldWhenNoReadFollowsIsSaidWithoutWhereFrom() {
        timeline.next(new Snapshot(List.of(FIRST), List.of(at(2)), null));
        assertThat(timeline.unread()).containsExactly("Restart 1 of the job at 12:00:02.");
    }
}
