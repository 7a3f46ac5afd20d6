package dev.schemaop.registry;

import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V1;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V2;
import static dev.schemaop.registry.RegistryFixtures.addPrice;
import static dev.schemaop.registry.RegistryFixtures.createOrders;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

class AppliedChangeLogTest {
    @TempDir Path dir;

    static CompletedChange created() {
        return new CompletedChange(
                new UpstreamChange(1, ORDERS, 1, 0L, ORDERS_V1, 0),
                List.of(
                        new SinkUpdate(
                                ORDERS, List.<SchemaChangeEvent>of(createOrders()), ORDERS_V1)));
    }

    static CompletedChange added() {
        return new CompletedChange(
                new UpstreamChange(2, ORDERS, 2, 0L, ORDERS_V2, 0),
                List.of(new SinkUpdate(ORDERS, List.<SchemaChangeEvent>of(addPrice()), ORDERS_V2)));
    }

    private RegistryState replayed(long fromSequence) {
        RegistryState state = new RegistryState();
        state.lastSequence = fromSequence;
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            log.replayOnto(state);
        }
        return state;
    }

    /** Every file's name and bytes. */
    private static List<String> contents(Path dir) throws IOException {
        List<String> contents = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.sorted().toList()) {
                contents.add(file.getFileName() + ":" + Arrays.toString(Files.readAllBytes(file)));
            }
        }
        return contents;
    }

    @Test
    void aTornEndOfTheLocalFileIsIgnoredAndCutOffBeforeTheNextAppend() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            log.appendCompleted(created());
        }
        Path file = dir.resolve(LocalLogFile.FILE_NAME);
        byte[] whole = Files.readAllBytes(file);
        byte[] torn = Arrays.copyOf(whole, whole.length + whole.length - 5);
        System.arraycopy(whole, 0, torn, whole.length, whole.length - 5); // the JobManager died
        Files.write(file, torn);

        assertThat(replayed(0).lastSequence).as("the whole segment only").isEqualTo(1);
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            log.appendCompleted(added());
        }
        RegistryState state = replayed(0);
        assertThat(state.lastSequence).as("the segment written after the torn one").isEqualTo(2);
        assertThat(state.upstreamOf(ORDERS)).isEqualTo(ORDERS_V2);
    }

    @Test
    void aLastSegmentWhoseBytesChangedIsTakenAsTorn() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            log.appendCompleted(created());
            log.appendCompleted(added());
        }
        Path file = dir.resolve(LocalLogFile.FILE_NAME);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 2] ^= 0x5A; // same length, another checksum
        Files.write(file, bytes);

        assertThat(replayed(0).lastSequence).as("only the first, whole segment").isEqualTo(1);
    }

    /** The log of earlier builds: one file. */
    private Path file() {
        return dir.resolve("applied-changes.log");
    }

    /** A log directory whose syncs reach the disk, as in checkpoint storage. */
    static AppliedLogLocation.Directory at(Path dir) {
        return new AppliedLogLocation.Directory(flink(dir), true);
    }

    static org.apache.flink.core.fs.Path flink(Path dir) {
        return new org.apache.flink.core.fs.Path(dir.toUri());
    }

    @Test
    void replaysOnlyWhatFollowsTheRestoredSequence() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
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
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            log.appendCompleted(created());
            log.appendCall(call);
        }
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
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
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 2, ORDERS, 1, 0, addPrice())))
                    .isFalse();
        }
    }

    @Test
    void truncationKeepsLaterRecordsAcrossAReopen() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
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
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
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

    static ChangeIntent intentToAdd() {
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
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            log.appendCompleted(created());
            log.appendIntent(intentToAdd());
        }
        RegistryState state = new RegistryState();
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            assertThat(log.replayOnto(state)).isEqualTo(intentToAdd());
        }
        assertThat(state.lastSequence).isEqualTo(1);
    }

    @Test
    void aCompletedIntentIsNotHandedBackAndACompactionKeepsAnUnfinishedOne() throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            log.appendCompleted(created());
            log.appendIntent(intentToAdd());
            log.truncateUpTo(1);
        }
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            RegistryState state = new RegistryState();
            state.lastSequence = 1;
            assertThat(log.replayOnto(state)).as("kept by the compaction").isEqualTo(intentToAdd());
            log.appendCompleted(added());
        }
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
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
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            assertThat(
                            log.alreadyApplied(
                                    new AppliedChangeLog.AppliedCall(
                                            ORDERS, 4, ORDERS, 3, 0, addPrice())))
                    .isTrue();
            log.appendCall(new AppliedChangeLog.AppliedCall(ORDERS, 4, ORDERS, 3, 1, addPrice()));
        }
        RegistryState state = new RegistryState();
        state.lastSequence = 7;
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
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
        try (AppliedChangeLog log = new AppliedChangeLog(at(earlierRun), true)) {
            log.appendCompleted(created());
        }
        List<String> earlierLog = contents(earlierRun);

        AppliedChangeLog.continueFrom(flink(earlierRun), flink(thisRun));
        try (AppliedChangeLog log = new AppliedChangeLog(at(thisRun), false)) {
            RegistryState state = new RegistryState();
            log.replayOnto(state);
            assertThat(state.lastSequence).as("the earlier run's change, replayed").isEqualTo(1);
            log.appendCompleted(added());
        }

        assertThat(contents(earlierRun))
                .as("the earlier run's log is never written by this run")
                .isEqualTo(earlierLog);
    }

    @Test
    void aSecondRestoreFromTheSameCheckpointKeepsWhatThisRunLoggedSinceTheFirst()
            throws IOException {
        Path earlierRun = dir.resolve("run-1");
        Path thisRun = dir.resolve("run-2");
        try (AppliedChangeLog log = new AppliedChangeLog(at(earlierRun), true)) {
            log.appendCompleted(created());
        }
        AppliedChangeLog.continueFrom(flink(earlierRun), flink(thisRun));
        try (AppliedChangeLog log = new AppliedChangeLog(at(thisRun), false)) {
            log.appendCompleted(added());
        }

        AppliedChangeLog.continueFrom(flink(earlierRun), flink(thisRun));

        RegistryState state = new RegistryState();
        try (AppliedChangeLog log = new AppliedChangeLog(at(thisRun), false)) {
            log.replayOnto(state);
        }
        assertThat(state.lastSequence)
                .as("the change this run applied is still known")
                .isEqualTo(2);
    }

    @Test
    void anEarlierRunWhoseFileSystemIsNotReachableLeavesThisRunAnEmptyLogNotAFailure()
            throws IOException {
        Path thisRun = dir.resolve("run-2");

        AppliedChangeLog.continueFrom(
                new org.apache.flink.core.fs.Path("nosuchfs://elsewhere/run-1"), flink(thisRun));

        RegistryState state = new RegistryState();
        try (AppliedChangeLog log = new AppliedChangeLog(at(thisRun), false)) {
            assertThat(log.replayOnto(state)).isNull();
        }
        assertThat(state.lastSequence).isZero();
    }

    @Test
    void aCopyOfTheEarlierLogThatACrashCutShortIsMadeAgain() throws IOException {
        Path earlierRun = dir.resolve("run-1");
        Path thisRun = dir.resolve("run-2");
        try (AppliedChangeLog log = new AppliedChangeLog(at(earlierRun), true)) {
            log.appendCompleted(created());
        }
        AppliedChangeLog.continueFrom(flink(earlierRun), flink(thisRun));
        Path copy = thisRun.resolve(LocalLogFile.FILE_NAME);
        byte[] whole = Files.readAllBytes(copy);
        Files.write(copy, Arrays.copyOf(whole, whole.length - 4)); // the JobManager died

        AppliedChangeLog.continueFrom(flink(earlierRun), flink(thisRun));

        RegistryState state = new RegistryState();
        try (AppliedChangeLog log = new AppliedChangeLog(at(thisRun), false)) {
            log.replayOnto(state);
        }
        assertThat(state.lastSequence).as("the earlier run's change, copied again").isEqualTo(1);
    }

    @Test
    void anEarlierRunWhoseLogIsGoneLeavesThisRunAnEmptyLog() throws IOException {
        Path thisRun = dir.resolve("run-2");

        AppliedChangeLog.continueFrom(flink(dir.resolve("gone")), flink(thisRun));

        RegistryState state = new RegistryState();
        try (AppliedChangeLog log = new AppliedChangeLog(at(thisRun), false)) {
            assertThat(log.replayOnto(state)).isNull();
        }
        assertThat(state.lastSequence).isZero();
    }

    @Test
    void aStateOlderThanWhatACompactionDroppedIsNotContinuedEvenWhenNothingIsLeft()
            throws IOException {
        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
            log.appendCompleted(created());
            log.appendCompleted(added());
            log.truncateUpTo(2);
        }

        try (AppliedChangeLog log = new AppliedChangeLog(at(dir), false)) {
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
