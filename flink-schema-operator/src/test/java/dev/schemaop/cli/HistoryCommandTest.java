package dev.schemaop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.history.Decision;
import dev.schemaop.history.DecisionHistory;
import dev.schemaop.testing.CliOutput;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * {@code flink-cdc.sh history DIR} says what it found when it prints nothing (issue 23): no history
 * file, no decision about a table or since a time, lines that are not decisions; exit 1 for nothing
 * to print, 0 for decisions printed.
 */
class HistoryCommandTest {
    @TempDir Path dir;

    private static final String LINE =
            "2026-12-02T10:00:00Z  db.t  applied  add v INT  => db.t v1->v2: add v INT";

    private void decision(String job) throws IOException {
        try (DecisionHistory history = DecisionHistory.open(dir, job)) {
            history.record(
                    new Decision(
                            "2026-12-02T10:00:00Z",
                            job,
                            1L,
                            "db.t",
                            "AddColumnEvent{}",
                            "add v INT",
                            "evolve",
                            "applied",
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
                            null));
        }
    }

    private CliOutput history(String... options) {
        String[] args = new String[options.length + 2];
        args[0] = "history";
        args[1] = dir.toString();
        System.arraycopy(options, 0, args, 2, options.length);
        return CliOutput.of(args);
    }

    @Test
    void aDirectoryWithoutHistoryFilesSaysSo() throws IOException {
        Files.writeString(dir.resolve("notes.txt"), "not a history file");

        CliOutput run = history();

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr())
                .isEqualTo(
                        "No decision history in "
                                + dir
                                + ": it holds no *.jsonl file. A run writes <job id>.jsonl into"
                                + " pipeline.schema-history.dir, else into schema-history/ beside"
                                + " the checkpoints, else into target/schema-history where the"
                                + " embedded run ran.\n");
    }

    @Test
    void aFileOfLinesThatAreNotDecisionsSaysHowManyAndWhereTheFirstIs() throws IOException {
        Path file = dir.resolve("job.jsonl");
        Files.writeString(file, "hello\n\n{\"some\": \"json\"}\nnot json either\n");

        CliOutput run = history();

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr())
                .isEqualTo(
                        "Skipped 3 lines that are not a decision (not the history's JSON, or cut"
                                + " short by a crash); the first: "
                                + file
                                + ":1.\n"
                                + "No decision in "
                                + dir
                                + ": its history file holds none.\n");
    }

    @Test
    void decisionsBesideALineThatIsNotOneArePrinted() throws IOException {
        decision("job");
        Path file = dir.resolve("job.jsonl");
        Files.writeString(file, "{\"time\": \"cut short\n", StandardOpenOption.APPEND);

        CliOutput run = history();

        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).isEqualTo(LINE + "\n");
        assertThat(run.stderr())
                .isEqualTo(
                        "Skipped 1 line that is not a decision (not the history's JSON, or cut"
                                + " short by a crash); the first: "
                                + file
                                + ":2.\n");
    }

    @Test
    void aTableWithoutDecisionsNamesTheTablesThatHaveSome() throws IOException {
        decision("job");

        CliOutput run = history("--table", "db.other");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr())
                .isEqualTo(
                        "No decision about table db.other in "
                                + dir
                                + ". It has decisions about: db.t.\n");
    }

    @Test
    void nothingSinceATimeSaysWhenTheLastWas() throws IOException {
        decision("job");

        CliOutput run = history("--table", "db.t", "--since", "2026-12-03T00:00");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr())
                .isEqualTo(
                        "No decision about table db.t since 2026-12-03T00:00 in "
                                + dir
                                + ". The last is at 2026-12-02T10:00:00Z.\n");
        assertThat(history("--table", "db.t").stdout()).isEqualTo(LINE + "\n");
    }
}
