package dev.schemaop.history;

import com.fasterxml.jackson.core.JsonProcessingException;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Every decision in a history directory (one file per job), oldest first. */
public final class HistoryReader {
    private HistoryReader() {}

    /**
     * What a history directory holds.
     *
     * @param decisions every decision, oldest first
     * @param files how many history files ({@code *.jsonl}) there are
     * @param skippedLines how many lines are not decisions (not JSON, another JSON, or a line a
     *     crash cut short, which the writer cuts when it opens the file again); blank ones aside
     * @param firstSkipped {@code file:line} of the first of them; null when there is none
     */
    public record Contents(
            List<Decision> decisions, int files, int skippedLines, @Nullable String firstSkipped) {}

    /**
     * @throws IOException when the directory cannot be read
     */
    public static List<Decision> read(Path dir) throws IOException {
        return scan(dir).decisions();
    }

    /**
     * @throws IOException when the directory cannot be read
     */
    public static Contents scan(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> listed = Files.list(dir)) {
            files =
                    listed.filter(f -> f.getFileName().toString().endsWith(DecisionHistory.SUFFIX))
                            .sorted()
                            .toList();
        }
        List<Decision> decisions = new ArrayList<>();
        int skipped = 0;
        String firstSkipped = null;
        for (Path file : files) {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).isBlank()) {
                    continue;
                }
                Decision decision = parse(lines.get(i));
                if (decision != null) {
                    decisions.add(decision);
                } else if (skipped++ == 0) {
                    firstSkipped = file + ":" + (i + 1);
                }
            }
        }
        decisions.sort(Comparator.comparing(d -> Instant.parse(d.time())));
        return new Contents(decisions, files.size(), skipped, firstSkipped);
    }

    /** The line's decision; null for a line that is not one. */
    @Nullable
    private static Decision parse(String line) {
        try {
            Decision decision = DecisionHistory.JSON.readValue(line, Decision.class);
            if (decision.time() == null || decision.table() == null || decision.outcome() == null) {
                return null;
            }
            Instant.parse(decision.time());
            return decision;
        } catch (JsonProcessingException | DateTimeParseException notADecision) {
            return null;
        }
    }
}
