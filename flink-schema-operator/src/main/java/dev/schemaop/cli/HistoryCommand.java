package dev.schemaop.cli;

import dev.schemaop.history.Decision;
import dev.schemaop.history.DecisionHistory;
import dev.schemaop.history.HistoryReader;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.util.TimeUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code flink-cdc.sh history DIR}: the schema decisions a pipeline's registry recorded. */
@Command(
        name = "history",
        sortOptions = false,
        description = {
            "Prints the schema decision history in DIR (pipeline.schema-history.dir; the embedded"
                    + " run's default is target/schema-history): one line per decision, oldest"
                    + " first, with what the sink got.",
            "Exit 0 when it printed a decision; 1 when there is none to print (no history file in"
                    + " DIR, no decision about --table, none since --since), said on stderr; 2 on"
                    + " bad input (DIR missing, --since not a time). Lines of a history file that"
                    + " are not decisions are skipped, said on stderr with the first's file:line."
        })
final class HistoryCommand implements Callable<Integer> {
    /** Nothing to print: no history file, or no decision about --table or since --since. */
    static final int NOTHING = 1;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final PrintStream out = System.out;
    private final PrintStream err = System.err;

    @Parameters(index = "0", paramLabel = "DIR", description = "The history directory.")
    Path dir;

    @Option(
            names = "--table",
            paramLabel = "TABLE",
            description = "Only decisions about this upstream or sink table (db.table).")
    String table;

    @Option(
            names = "--since",
            paramLabel = "TIME",
            description =
                    "Only decisions at or after TIME: an instant (2026-12-02T14:00:00Z), a UTC"
                            + " date-time (2026-12-02T14:00), or a duration ago (30 min, 2 h).")
    String since;

    @Option(names = "--json", description = "Print the decisions as JSON lines.")
    boolean json;

    @Mixin HelpOption help;

    @Override
    public Integer call() {
        if (!Files.isDirectory(dir)) {
            err.println(
                    "History directory "
                            + dir
                            + " does not exist. It is pipeline.schema-history.dir, or"
                            + " schema-history/ beside the checkpoints, or target/schema-history"
                            + " where the embedded run ran.");
            return PipelineRunner.BAD_INPUT;
        }
        Instant from;
        try {
            from = since == null ? Instant.MIN : parseSince(since);
        } catch (IllegalArgumentException e) {
            err.println(
                    "--since "
                            + since
                            + " is not a time: give an instant (2026-12-02T14:00:00Z), a UTC"
                            + " date-time (2026-12-02T14:00) or a duration ago (30 min).");
            return PipelineRunner.BAD_INPUT;
        }
        HistoryReader.Contents history;
        try {
            history = HistoryReader.scan(dir);
        } catch (IOException e) {
            err.println("Cannot read the history in " + dir + ": " + e.getMessage());
            return PipelineRunner.BAD_INPUT;
        }
        if (history.files() == 0) {
            err.println(
                    "No decision history in "
                            + dir
                            + ": it holds no *"
                            + DecisionHistory.SUFFIX
                            + " file. A run writes <job id>"
                            + DecisionHistory.SUFFIX
                            + " into pipeline.schema-history.dir, else into schema-history/"
                            + " beside the checkpoints, else into target/schema-history where the"
                            + " embedded run ran.");
            return NOTHING;
        }
        if (history.skippedLines() > 0) {
            err.println(
                    "Skipped "
                            + history.skippedLines()
                            + (history.skippedLines() == 1 ? " line that is" : " lines that are")
                            + " not a decision (not the history's JSON, or cut short by a crash);"
                            + " the first: "
                            + history.firstSkipped()
                            + ".");
        }
        int printed = 0;
        for (Decision decision : history.decisions()) {
            if (Instant.parse(decision.time()).isBefore(from) || !about(decision)) {
                continue;
            }
            out.println(json ? asJson(decision) : line(decision));
            printed++;
        }
        if (printed == 0) {
            err.println(nothingFound(history.decisions(), history.files()));
            return NOTHING;
        }
        return PipelineRunner.OK;
    }

    /** Why nothing was printed, and what there is instead. */
    private String nothingFound(List<Decision> decisions, int files) {
        if (decisions.isEmpty()) {
            return "No decision in "
                    + dir
                    + ": "
                    + (files == 1
                            ? "its history file holds"
                            : "its " + files + " history files hold")
                    + " none.";
        }
        StringBuilder message = new StringBuilder("No decision");
        if (table != null) {
            message.append(" about table ").append(table);
        }
        if (since != null) {
            message.append(" since ").append(since);
        }
        message.append(" in ").append(dir).append('.');
        List<Decision> relevant = decisions.stream().filter(this::about).toList();
        if (relevant.isEmpty()) {
            Set<String> tables = new TreeSet<>();
            for (Decision decision : decisions) {
                tables.add(decision.table());
                decision.sinks().forEach(sink -> tables.add(sink.table()));
            }
            message.append(" It has decisions about: ")
                    .append(String.join(", ", tables))
                    .append('.');
        } else {
            message.append(" The last is at ")
                    .append(relevant.get(relevant.size() - 1).time())
                    .append('.');
        }
        return message.toString();
    }

    private boolean about(Decision decision) {
        return table == null
                || table.equals(decision.table())
                || decision.sinks().stream().anyMatch(s -> table.equals(s.table()));
    }

    private static Instant parseSince(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException notInstant) {
            try {
                return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException notDateTime) {
                return Instant.now().minus(TimeUtils.parseDuration(text));
            }
        }
    }

    /**
     * time, table, outcome (reason), the upstream event, then what each sink table got; for
     * discarded values: the checkpoint and the count per column.
     */
    static String line(Decision decision) {
        StringBuilder line =
                new StringBuilder()
                        .append(decision.time())
                        .append("  ")
                        .append(decision.table())
                        .append("  ")
                        .append(decision.outcome());
        if (decision.discarded() != null) {
            return line.append(" at checkpoint ")
                    .append(decision.checkpoint())
                    .append(": ")
                    .append(
                            decision.discarded().entrySet().stream()
                                    .map(e -> e.getKey() + "=" + e.getValue())
                                    .collect(Collectors.joining(", ")))
                    .toString();
        }
        if (decision.reason() != null) {
            // a rejection's or failure's message has more lines (--json has them all)
            line.append(" (").append(decision.reason().lines().findFirst().orElse("")).append(')');
        }
        line.append("  ")
                .append(decision.brief() == null ? "(finished after a restore)" : decision.brief());
        for (Decision.SinkResult sink : decision.sinks()) {
            line.append("  => ")
                    .append(sink.table())
                    .append(" v")
                    .append(sink.versionBefore())
                    .append("->v")
                    .append(sink.versionAfter())
                    .append(": ")
                    .append(sink.brief().isEmpty() ? "nothing" : String.join("; ", sink.brief()));
        }
        return line.toString();
    }

    private static String asJson(Decision decision) {
        try {
            return JSON.writeValueAsString(decision);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
