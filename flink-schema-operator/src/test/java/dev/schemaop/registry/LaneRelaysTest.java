package dev.schemaop.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.AllInputsEnded;
import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.LaneRelay;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class LaneRelaysTest {
    private static final TableId ORDERS = TableId.tableId("db", "orders");
    private static final SchemaChangeEventType ADD = SchemaChangeEventType.ADD_COLUMN;

    private final SubtaskGateways gateways = new SubtaskGateways();
    private final List<RecordingGateway> subtasks = new ArrayList<>();
    private final LaneRelays lanes = new LaneRelays(gateways, 3);
    private final RegistryState state = new RegistryState();

    LaneRelaysTest() {
        for (int subtask = 0; subtask < 3; subtask++) {
            subtasks.add(new RecordingGateway(subtask));
        }
    }

    private void ready(int subtask) {
        gateways.ready(subtask, subtasks.get(subtask));
        lanes.ready(subtask);
    }

    private void failed(int subtask, int attempt) {
        gateways.failed(subtask);
        lanes.failed(subtask, attempt);
    }

    /** What subtask 1 sends for a marker of its own: the copies of lanes 0 and 2. */
    private static LaneRelay flushAndReleaseFrom1(long flushId) {
        List<ChannelEvent> events = new ArrayList<>();
        for (int lane : new int[] {0, 2}) {
            events.add(new ChannelEvent.Flush(lane, 1, flushId, List.of(ORDERS), ADD));
        }
        for (int lane : new int[] {0, 2}) {
            events.add(new ChannelEvent.Release(lane, 1, flushId, ADD));
        }
        return LaneRelay.of(1, events);
    }

    private List<ChannelEvent> relayedTo(int subtask) {
        List<ChannelEvent> events = new ArrayList<>();
        for (LaneRelay relay : subtasks.get(subtask).eventsOf(LaneRelay.class)) {
            assertThat(relay.from()).isEqualTo(1);
            events.addAll(relay.events());
        }
        return events;
    }

    @Test
    void eachOtherLaneGetsItsOwnCopiesInOrder() {
        ready(0);
        ready(1);
        ready(2);

        lanes.relay(1, 0, flushAndReleaseFrom1(11));

        assertThat(relayedTo(0))
                .containsExactly(
                        new ChannelEvent.Flush(0, 1, 11, List.of(ORDERS), ADD),
                        new ChannelEvent.Release(0, 1, 11, ADD));
        assertThat(relayedTo(2))
                .containsExactly(
                        new ChannelEvent.Flush(2, 1, 11, List.of(ORDERS), ADD),
                        new ChannelEvent.Release(2, 1, 11, ADD));
        assertThat(subtasks.get(1).events()).isEmpty();
    }

    @Test
    void aSubtaskNotReadyYetGetsItsCopiesWhenItIs() {
        ready(0);
        ready(1);

        lanes.relay(1, 0, flushAndReleaseFrom1(11));
        lanes.relay(1, 0, flushAndReleaseFrom1(12));
        assertThat(subtasks.get(2).events()).isEmpty();
        ready(2);

        assertThat(relayedTo(2)).extracting(ChannelEvent::channel).containsExactly(2, 2, 2, 2);
        assertThat(relayedTo(2).get(2))
                .isEqualTo(new ChannelEvent.Flush(2, 1, 12, List.of(ORDERS), ADD));
    }

    @Test
    void whatAFailedAttemptSentIsDropped() {
        ready(0);
        ready(1);
        lanes.relay(1, 0, flushAndReleaseFrom1(11)); // waits for subtask 2

        failed(1, 0);
        ready(2);
        lanes.relay(1, 0, flushAndReleaseFrom1(12)); // came late from the failed attempt

        assertThat(subtasks.get(0).eventsOf(LaneRelay.class)).hasSize(1); // 11 only
        assertThat(subtasks.get(2).events()).isEmpty();

        ready(1); // attempt 1
        lanes.relay(1, 1, flushAndReleaseFrom1(21));
        assertThat(relayedTo(2)).hasSize(2);
    }

    @Test
    void everyLaneStaysOpenUntilEveryInputEnded() {
        ready(0);
        ready(1);
        ready(2);

        lanes.inputEnded(state, 0);
        lanes.inputEnded(state, 2);
        assertThat(subtasks.get(0).events()).isEmpty();
        assertThat(state.inputsEnded).isFalse();

        lanes.inputEnded(state, 1);
        assertThat(state.inputsEnded).isTrue();
        for (RecordingGateway subtask : subtasks) {
            assertThat(subtask.events()).containsExactly(new AllInputsEnded());
        }
    }

    @Test
    void aFailedSubtaskSaysAgainThatItsInputEnded() {
        ready(0);
        ready(1);
        ready(2);
        lanes.inputEnded(state, 0);
        lanes.inputEnded(state, 1);

        failed(1, 0);
        ready(1);
        lanes.inputEnded(state, 2);
        assertThat(state.inputsEnded).isFalse();

        lanes.inputEnded(state, 1);
        assertThat(state.inputsEnded).isTrue();
    }

    /**
     * A subtask whose task finished before a checkpoint does not run again after a restore from it:
     * the others are not held for it.
     */
    @Test
    void afterEveryInputEndedALateSubtaskIsAnsweredAtOnce() {
        state.inputsEnded = true;
        lanes.restored(state, 7);
        ready(0);

        lanes.inputEnded(state, 0);

        assertThat(subtasks.get(0).events()).containsExactly(new AllInputsEnded());
    }

    /** The job's region restarts from a checkpoint taken before every input ended. */
    @Test
    void aResetToAnEarlierCheckpointOpensTheWaitAgain() {
        ready(0);
        ready(1);
        ready(2);
        lanes.checkpointTaken(state, 4);
        for (int subtask = 0; subtask < 3; subtask++) {
            lanes.inputEnded(state, subtask);
        }
        lanes.checkpointTaken(state, 5);

        lanes.subtaskReset(state, 0, 5);
        assertThat(state.inputsEnded).isTrue();

        lanes.subtaskReset(state, 0, 4);
        assertThat(state.inputsEnded).isFalse();
    }
}
