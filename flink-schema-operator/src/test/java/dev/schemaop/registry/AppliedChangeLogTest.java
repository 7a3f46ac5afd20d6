package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V2;
import static dev.schemaop.registry.RegistryFixtures.addPrice;
import static dev.schemaop.registry.RegistryFixtures.createOrders;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

class AppliedChangeLogTest {
    @TempDir Path dir;

    private static CompletedChange created() {
        return new CompletedChange(
                new UpstreamChange(1, ORDERS, 1, 0L, ORDERS_V1, 0),
                List.of(
                        new SinkUpdate(
                                ORDERS, List.<SchemaChangeEvent>of(createOrders()), ORDERS_V1)));
    }

    private static CompletedChange added() {
        return new CompletedChange(
                new UpstreamChange(2, ORDERS, 2, 0L, ORDERS_V2, 0),
                List.of(new SinkUpdate(ORDERS, List.<SchemaChangeEvent>of(addPrice()), ORDERS_V2)));
    }

    private RegistryState replayed(long fromSequence) {
        RegistryState state = new RegistryState();
        state.lastSequence = fromSequence;
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            log.replayOnto(state);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return state;
    }

    private Path file() {
        return dir.resolve("applied-changes.log");
    }

    @Test
    void replaysOnlyWhatFollowsTheRestoredSequence() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            log.appendCompleted(created());
            log.appendCompleted(added());
        }

        RegistryState state = replayed(1);

        assertThat(state.lastSequence).isEqualTo(2);
        assertThat(state.upstreamOf(ORDERS)).isEqualTo(ORDERS_V2);
        assertThat(state.sink(ORDERS).version)
                .isEqualTo(1); // only the add, onto a restored v0 here
        assertThat(state.versionsAfter(ORDERS, 2, null)).isEqualTo(Map.of(ORDERS, 1));
        assertThat(state.versionsAfter(ORDERS, 1, null)).isNull();
    }

    @Test
    void callsAreKeptUntilTheirChangeCompletes() throws IOException {
        // the add at position 2 of orders: its first call, onto sink version 1
        AppliedChangeLog.AppliedCall call =
                new AppliedChangeLog.AppliedCall(ORDERS, 2, ORDERS, 1, 0, addPrice());
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            log.appendCompleted(created());
            log.appendCall(call);
        }
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 2, ORDERS, 1, 0, addPrice())))
                    .isTrue();
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 2, ORDERS, 1, 1, addPrice())))
                    .isFalse();
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 3, ORDERS, 1, 0, addPrice())))
                    .isFalse();
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 2, ORDERS, 0, 0, addPrice())))
                    .isFalse();
            log.appendCompleted(added());
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 2, ORDERS, 1, 0, addPrice())))
                    .isFalse();
        }
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 2, ORDERS, 1, 0, addPrice())))
                    .isFalse();
        }
    }

    @Test
    void truncationKeepsLaterRecordsAcrossAReopen() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            log.appendCompleted(created());
            log.appendCompleted(added());
            log.appendCall(new AppliedChangeLog.AppliedCall(ORDERS, 3, ORDERS, 2, 0, addPrice()));
            log.truncateUpTo(1);
            log.appendCall(new AppliedChangeLog.AppliedCall(ORDERS, 3, ORDERS, 2, 1, addPrice()));
        }

        RegistryState state = replayed(1);
        assertThat(state.lastSequence).isEqualTo(2);
        assertThat(state.versionsAfter(ORDERS, 1, null)).as("the create was truncated").isNull();
        assertThat(replayed(0).lastSequence)
                .as("a state older than the log's first record (an old savepoint) ignores the log")
                .isZero();
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 3, ORDERS, 2, 0, addPrice())))
                    .isTrue();
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 3, ORDERS, 2, 1, addPrice())))
                    .isTrue();
        }
    }

    /** The bytes of a record whose writing was cut short: its length and part of its body. */
    private byte[] tornRecord() throws IOException {
        Path other = dir.resolve("other");
        try (AppliedChangeLog log = new AppliedChangeLog(other, false)) {
            log.appendCompleted(added());
        }
        byte[] whole = Files.readAllBytes(other.resolve("applied-changes.log"));
        return Arrays.copyOf(whole, 4 + 10);
    }

    @Test
    void aTornLastRecordIsIgnored() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            log.appendCompleted(created());
        }
        Files.write(file(), tornRecord(), StandardOpenOption.APPEND);

        RegistryState state = replayed(0);

        assertThat(state.lastSequence).isEqualTo(1);
        assertThat(state.upstreamOf(ORDERS)).isEqualTo(ORDERS_V1);
    }

    @Test
    void recordsWrittenAfterATornRecordAreReadBack() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            log.appendCompleted(created());
        }
        Files.write(file(), tornRecord(), StandardOpenOption.APPEND); // the JobManager died here
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) { // the next JobManager
            log.appendCompleted(added());
        }

        // Regression: a torn record must be cut off before new records are appended, else the
        // next open misreads the log and the registry cannot start.
        assertThatCode(() -> replayed(0))
                .as("reopening a log that had a torn record, then a new record")
                .doesNotThrowAnyException();
        RegistryState state = replayed(0);
        assertThat(state.lastSequence).as("the record written after the torn one").isEqualTo(2);
        assertThat(state.upstreamOf(ORDERS)).isEqualTo(ORDERS_V2);
    }

    private static ChangeIntent intentToAdd() {
        return new ChangeIntent(
                new UpstreamChange(2, ORDERS, 2, 0L, ORDERS_V2, 0),
                List.of(
                        new SinkPlan(
                                ORDERS,
                                1,
                                ORDERS_V1,
                                List.<SchemaChangeEvent>of(addPrice()),
                                List.of())));
    }

    @Test
    void anIntentWithoutItsCompletionIsHandedBackAfterTheStateItFollows() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            log.appendCompleted(created());
            log.appendIntent(intentToAdd());
        }
        RegistryState state = new RegistryState();
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            assertThat(log.replayOnto(state)).isEqualTo(intentToAdd());
        }
        assertThat(state.lastSequence).isEqualTo(1);
    }

    @Test
    void aCompletedIntentIsNotHandedBackAndACompactionKeepsAnUnfinishedOne() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            log.appendCompleted(created());
            log.appendIntent(intentToAdd());
            log.truncateUpTo(1);
        }
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            RegistryState state = new RegistryState();
            state.lastSequence = 1;
            assertThat(log.replayOnto(state)).as("kept by the compaction").isEqualTo(intentToAdd());
            log.appendCompleted(added());
        }
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            RegistryState state = new RegistryState();
            state.lastSequence = 1;
            assertThat(log.replayOnto(state)).isNull();
            assertThat(state.lastSequence).isEqualTo(2);
        }
    }

    /** A log the build before the header wrote: read, and appended to in the same format. */
    @Test
    void readsALogWithoutHeaderOfEarlierBuilds() throws IOException {
        Files.createDirectories(dir);
        try (var old = getClass().getResourceAsStream("/state-formats/applied-changes-v1.log")) {
            Files.write(file(), old.readAllBytes());
        }
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 4, ORDERS, 3, 0, addPrice())))
                    .isTrue();
            log.appendCall(new AppliedChangeLog.AppliedCall(ORDERS, 4, ORDERS, 3, 1, addPrice()));
        }
        RegistryState state = new RegistryState();
        state.lastSequence = 7;
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            log.replayOnto(state);
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 4, ORDERS, 3, 1, addPrice())))
                    .isTrue();
        }
        assertThat(state.lastSequence).isEqualTo(8);
        assertThat(state.upstreamOf(ORDERS)).isEqualTo(ORDERS_V2);
    }

    @Test
    void aRunRestoredFromAnotherRunsCheckpointStartsItsOwnLogFromThatRunsLog() throws IOException {
        Path earlierRun = dir.resolve("run-1");
        Path thisRun = dir.resolve("run-2");
        try (AppliedChangeLog log = new AppliedChangeLog(earlierRun, true)) {
            log.appendCompleted(created());
        }
        byte[] earlierLog = Files.readAllBytes(earlierRun.resolve("applied-changes.log"));

        AppliedChangeLog.continueFrom(earlierRun, thisRun);
        try (AppliedChangeLog log = new AppliedChangeLog(thisRun, false)) {
            RegistryState state = new RegistryState();
            log.replayOnto(state);
            assertThat(state.lastSequence).as("the earlier run's change, replayed").isEqualTo(1);
            log.appendCompleted(added());
        }

        assertThat(Files.readAllBytes(earlierRun.resolve("applied-changes.log")))
                .as("the earlier run's log is never written by this run")
                .isEqualTo(earlierLog);
    }

    @Test
    void aSecondRestoreFromTheSameCheckpointKeepsWhatThisRunLoggedSinceTheFirst()
            throws IOException {
        Path earlierRun = dir.resolve("run-1");
        Path thisRun = dir.resolve("run-2");
        try (AppliedChangeLog log = new AppliedChangeLog(earlierRun, true)) {
            log.appendCompleted(created());
        }
        AppliedChangeLog.continueFrom(earlierRun, thisRun);
        try (AppliedChangeLog log = new AppliedChangeLog(thisRun, false)) {
            log.appendCompleted(added());
        }

        AppliedChangeLog.continueFrom(earlierRun, thisRun);

        RegistryState state = new RegistryState();
        try (AppliedChangeLog log = new AppliedChangeLog(thisRun, false)) {
            log.replayOnto(state);
        }
        assertThat(state.lastSequence)
                .as("the change this run applied is still known")
                .isEqualTo(2);
    }

    @Test
    void anEarlierRunWhoseLogIsGoneLeavesThisRunAnEmptyLog() throws IOException {
        Path thisRun = dir.resolve("run-2");

        AppliedChangeLog.continueFrom(dir.resolve("gone"), thisRun);

        RegistryState state = new RegistryState();
        try (AppliedChangeLog log = new AppliedChangeLog(thisRun, false)) {
            assertThat(log.replayOnto(state)).isNull();
        }
        assertThat(state.lastSequence).isZero();
    }

    @Test
    void aStateOlderThanWhatACompactionDroppedIsNotContinuedEvenWhenNothingIsLeft()
            throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            log.appendCompleted(created());
            log.appendCompleted(added());
            log.truncateUpTo(2);
        }

        try (AppliedChangeLog log = new AppliedChangeLog(dir, false)) {
            RegistryState older = new RegistryState();
            older.lastSequence = 1;
            RegistryState current = new RegistryState();
            current.lastSequence = 2;

            assertThat(log.continues(older))
                    .as("change 2 was dropped: an older savepoint's restore must be warned of")
                    .isFalse();
            assertThat(log.continues(current)).isTrue();
        }
    }
}
