package dev.schemaop.registry;

import static dev.schemaop.registry.AppliedChangeLogTest.added;
import static dev.schemaop.registry.AppliedChangeLogTest.created;
import static dev.schemaop.registry.AppliedChangeLogTest.flink;
import static dev.schemaop.registry.AppliedChangeLogTest.intentToAdd;
import static dev.schemaop.registry.RegistryFixtures.ORDERS;
import static dev.schemaop.registry.RegistryFixtures.ORDERS_V2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** The log on a file system that cannot append (HDFS, object stores): a file per segment. */
class SegmentFilesTest {
    @TempDir Path dir;

    private AppliedChangeLog open(boolean fresh) throws IOException {
        return new AppliedChangeLog(new SegmentFiles(flink(dir)), fresh);
    }

    private RegistryState replayed(long fromSequence) throws IOException {
        RegistryState state = new RegistryState();
        state.lastSequence = fromSequence;
        try (AppliedChangeLog log = open(false)) {
            log.replayOnto(state);
        }
        return state;
    }

    /** Writes the next segment as a crash would leave it: its header and part of its body. */
    private void writeTornSegment() throws IOException {
        List<Path> segments = segments(dir);
        Path last = segments.get(segments.size() - 1);
        byte[] whole = Files.readAllBytes(last);
        Files.write(
                dir.resolve(String.format("%016d.segment", segments.size() + 1)),
                Arrays.copyOf(whole, whole.length - 3));
    }

    private static List<Path> segments(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".segment")).sorted().toList();
        }
    }

    @Test
    void everyAppendIsASegmentOfItsOwnWrittenWhole() throws IOException {
        try (AppliedChangeLog log = open(false)) {
            log.appendCompleted(created());
            log.appendIntent(intentToAdd());
        }

        assertThat(segments(dir))
                .extracting(f -> f.getFileName().toString())
                .containsExactly("0000000000000001.segment", "0000000000000002.segment");
    }

    @Test
    void aTornLastSegmentIsIgnored() throws IOException {
        try (AppliedChangeLog log = open(false)) {
            log.appendCompleted(created());
            log.appendCompleted(added());
        }
        writeTornSegment();

        RegistryState state = replayed(0);

        assertThat(state.lastSequence).isEqualTo(2);
        assertThat(state.upstreamOf(ORDERS)).isEqualTo(ORDERS_V2);
    }

    @Test
    void aSegmentWhoseBytesChangedIsTakenAsTorn() throws IOException {
        try (AppliedChangeLog log = open(false)) {
            log.appendCompleted(created());
            log.appendCompleted(added());
        }
        Path last = segments(dir).get(1);
        byte[] bytes = Files.readAllBytes(last);
        bytes[bytes.length - 2] ^= 0x5A; // same length, another checksum
        Files.write(last, bytes);

        RegistryState state = replayed(0);

        assertThat(state.lastSequence).as("only the first, whole segment").isEqualTo(1);
    }

    @Test
    void recordsWrittenAfterATornSegmentAreReadBack() throws IOException {
        try (AppliedChangeLog log = open(false)) {
            log.appendCompleted(created());
        }
        writeTornSegment(); // the JobManager died here
        try (AppliedChangeLog log = open(false)) { // the next one
            log.appendCompleted(added());
        }

        // The torn segment is removed before the next append: else it would sit before a whole
        // one, which reads as a damaged log.
        assertThatCode(() -> replayed(0))
                .as("reopening a log that had a torn segment, then a new one")
                .doesNotThrowAnyException();
        RegistryState state = replayed(0);
        assertThat(state.lastSequence).as("the record written after the torn one").isEqualTo(2);
        assertThat(state.upstreamOf(ORDERS)).isEqualTo(ORDERS_V2);
    }

    @Test
    void aTornSegmentBeforeAWholeOneIsADamagedLog() throws IOException {
        try (AppliedChangeLog log = open(false)) {
            log.appendCompleted(created());
        }
        writeTornSegment();
        Path torn = segments(dir).get(1);
        Files.copy(segments(dir).get(0), dir.resolve("0000000000000003.segment"));

        assertThatThrownBy(() -> open(false))
                .hasMessageContaining("Cannot open the schema registry's log")
                .rootCause()
                .hasMessageContaining("is damaged: " + torn.getFileName())
                .hasMessageContaining("delete the directory");
    }

    @Test
    void aCompactionReplacesEverySegmentWithOne() throws IOException {
        try (AppliedChangeLog log = open(false)) {
            log.appendCompleted(created());
            log.appendIntent(intentToAdd());
            log.truncateUpTo(1);
        }

        assertThat(segments(dir))
                .extracting(f -> f.getFileName().toString())
                .containsExactly("0000000000000003.segment");
    }
}
