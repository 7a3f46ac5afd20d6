package dev.schemaop.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.FlushIds;

import org.junit.jupiter.api.Test;

/** Pure bookkeeping: which flush markers every sink subtask acknowledged, per source subtask. */
class FlushTrackerTest {
    private final FlushTracker tracker = new FlushTracker(3, false);

    @Test
    void aFlushIsCompleteOnlyWhenEverySinkSubtaskAcknowledgedIt() {
        assertThat(tracker.isFlushed(0, 1)).isFalse();
        tracker.ack(0, 0, 1);
        tracker.ack(0, 2, 1);
        assertThat(tracker.isFlushed(0, 1)).isFalse();

        tracker.ack(0, 1, 1);

        assertThat(tracker.isFlushed(0, 1)).isTrue();
    }

    @Test
    void acknowledgementsThatArriveBeforeTheQuestionCount() {
        for (int sink = 0; sink < 3; sink++) {
            tracker.ack(4, sink, 9);
        }

        assertThat(tracker.isFlushed(4, 9)).isTrue();
    }

    @Test
    void acknowledgementsOfOneSourceSubtaskDoNotCountForAnother() {
        for (int sink = 0; sink < 3; sink++) {
            tracker.ack(1, sink, 5);
        }
        tracker.ack(0, 0, 5);
        tracker.ack(0, 1, 5);

        assertThat(tracker.isFlushed(0, 5)).isFalse();
        assertThat(tracker.isFlushed(1, 5)).isTrue();
        assertThat(tracker.isFlushed(2, 5)).isFalse();
    }

    @Test
    void idsAreMonotonicAnOlderAckNeitherCompletesANewerFlushNorUndoesOne() {
        for (int sink = 0; sink < 3; sink++) {
            tracker.ack(0, sink, 2);
        }
        assertThat(tracker.isFlushed(0, 3)).as("flush 3 after acks of flush 2").isFalse();

        for (int sink = 0; sink < 3; sink++) {
            tracker.ack(0, sink, 3);
        }
        tracker.ack(0, 1, 1); // a late acknowledgement of an old marker

        assertThat(tracker.isFlushed(0, 3)).isTrue();
        assertThat(tracker.isFlushed(0, 2))
                .as("a newer acknowledgement covers older flushes")
                .isTrue();
        assertThat(tracker.isFlushed(0, 4)).isFalse();
    }

    @Test
    void aSinkSubtaskThatIsAheadWaitsForTheOthers() {
        tracker.ack(0, 0, 7);
        tracker.ack(0, 1, 6);
        tracker.ack(0, 2, 7);

        assertThat(tracker.isFlushed(0, 6)).isTrue();
        assertThat(tracker.isFlushed(0, 7)).isFalse();
    }

    @Test
    void forgetAndClearDropAcknowledgements() {
        for (int sink = 0; sink < 3; sink++) {
            tracker.ack(0, sink, 1);
            tracker.ack(1, sink, 1);
        }

        tracker.forget(0);
        assertThat(tracker.isFlushed(0, 1)).isFalse();
        assertThat(tracker.isFlushed(1, 1)).isTrue();

        tracker.clear();
        assertThat(tracker.isFlushed(1, 1)).isFalse();
    }

    @Test
    void behindATopologyWritersCountFlushesAndTheNumberIsTheMarkersOwn() {
        FlushTracker counted = new FlushTracker(2, true);
        long second = FlushIds.of(3, 2, 1);
        counted.ack(1, 0, FlushIds.counted(2, 1));
        assertThat(counted.isFlushed(1, second)).as("one writer of two").isFalse();

        counted.ack(1, 1, FlushIds.counted(1, 1));
        assertThat(counted.isFlushed(1, second)).as("the other saw only the first").isFalse();
        assertThat(counted.isFlushed(1, FlushIds.of(3, 1, 1))).isTrue();

        counted.ack(1, 1, FlushIds.counted(2, 1));
        assertThat(counted.isFlushed(1, second)).isTrue();
        assertThat(counted.isFlushed(1, FlushIds.of(3, 3, 1))).isFalse();
    }
}
