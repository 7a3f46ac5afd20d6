package dev.schemaop.history;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

class DecisionHistoryTest {
    @TempDir Path dir;

    private static Decision decision(Long sequence, String outcome) {
        return new Decision(
                "2026-12-02T10:00:00Z",
                "job",
                sequence,
                "db.t",
                "AddColumnEvent{}",
                "add v INT",
                "evolve",
                outcome,
                null,
                List.of(
                        new Decision.SinkResult(
                                "db.t",
                                1,
                                2,
                                List.of("AddColumnEvent{}"),
                                List.of("add v INT"),
                                List.of())),
                null,
                null);
    }

    @Test
    void aCompletedDecisionIsWrittenOnceAcrossReopens() throws IOException {
        try (DecisionHistory history = DecisionHistory.open(dir, "job")) {
            history.record(decision(1L, "applied"));
            history.record(decision(2L, "applied"));
            history.record(decision(2L, "applied"));
        }
        try (DecisionHistory history = DecisionHistory.open(dir, "job")) {
            history.record(decision(2L, "applied")); // decided again after a JobManager failover
            history.record(decision(null, "failed"));
            history.record(decision(null, "failed")); // a second failed attempt is a decision too
            history.record(decision(3L, "applied"));
        }

        assertThat(HistoryReader.read(dir))
                .extracting(Decision::sequence, Decision::outcome)
                .containsExactly(
                        Tuple.tuple(1L, "applied"),
                        Tuple.tuple(2L, "applied"),
                        Tuple.tuple(null, "failed"),
                        Tuple.tuple(null, "failed"),
                        Tuple.tuple(3L, "applied"));
    }

    @Test
    void aLineCutShortByACrashIsCutWhenTheFileIsOpened() throws IOException {
        try (DecisionHistory history = DecisionHistory.open(dir, "job")) {
            history.record(decision(1L, "applied"));
        }
        Path file = dir.resolve("job.jsonl");
        Files.writeString(
                file,
                "{\"time\":\"2026-12-02T10:0",
                StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);

        try (DecisionHistory history = DecisionHistory.open(dir, "job")) {
            history.record(decision(2L, "converted"));
        }

        assertThat(Files.readAllLines(file)).hasSize(2).allMatch(l -> l.startsWith("{\"time\""));
        assertThat(HistoryReader.read(dir)).extracting(Decision::sequence).containsExactly(1L, 2L);
    }

    @Test
    void theReaderTakesEveryJobsFileOldestFirst() throws IOException {
        try (DecisionHistory history = DecisionHistory.open(dir, "b-job")) {
            history.record(
                    new Decision(
                            "2026-12-02T09:00:00Z",
                            "b-job",
                            1L,
                            "db.t",
                            null,
                            null,
                            "evolve",
                            "applied",
                            null,
                            List.of(),
                            null,
                            null));
        }
        try (DecisionHistory history = DecisionHistory.open(dir, "a-job")) {
            history.record(
                    new Decision(
                            "2026-12-02T11:00:00Z",
                            "a-job",
                            1L,
                            "db.t",
                            null,
                            null,
                            "evolve",
                            "applied",
                            null,
                            List.of(),
                            null,
                            null));
        }
        Files.writeString(dir.resolve("notes.txt"), "not a history file");

        assertThat(HistoryReader.read(dir))
                .extracting(Decision::job)
                .containsExactly("b-job", "a-job");
    }

    @Test
    void aLineThatIsNotJsonInTheMiddleIsPassedOver() throws IOException {
        try (DecisionHistory history = DecisionHistory.open(dir, "job")) {
            history.record(decision(1L, "applied"));
        }
        Files.writeString(
                dir.resolve("job.jsonl"),
                "{\"time\":\"2026-12-02T10:0 cut short\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);

        try (DecisionHistory history = DecisionHistory.open(dir, "job")) {
            history.record(decision(1L, "applied"));
            history.record(decision(2L, "applied"));
        }

        assertThat(HistoryReader.read(dir)).extracting(Decision::sequence).containsExactly(1L, 2L);
    }

    @Test
    void decisionsAreReadInTheOrderOfTheirTimesWhateverTheirPrecision() throws IOException {
        try (DecisionHistory history = DecisionHistory.open(dir, "job")) {
            // Instant.toString leaves out a zero fraction: text order would put .005 first
            history.record(at("2026-12-02T10:00:45.005Z", 1L));
            history.record(at("2026-12-02T10:00:45Z", 2L));
        }

        assertThat(HistoryReader.read(dir)).extracting(Decision::sequence).containsExactly(2L, 1L);
    }

    private static Decision at(String time, long sequence) {
        return new Decision(
                time, "job", sequence, "db.t", null, null, "evolve", "applied", null, List.of(),
                null, null);
    }
}
