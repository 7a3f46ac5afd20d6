package dev.schemaop.history;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Every decision in a history directory (one file per job), oldest first. */
public final class HistoryReader {
    private HistoryReader() {}

    /**
     * @throws IOException when the directory cannot be read
     */
    public static List<Decision> read(Path dir) throws IOException {
        List<Decision> decisions = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> listed = Files.list(dir)) {
            files =
                    listed.filter(f -> f.getFileName().toString().endsWith(DecisionHistory.SUFFIX))
                            .sorted()
                            .toList();
        }
        for (Path file : files) {
            for (String line : Files.readAllLines(file)) {
                try {
                    decisions.add(DecisionHistory.JSON.readValue(line, Decision.class));
                } catch (JsonProcessingException torn) {
                    // a line a crash cut short; the writer cuts it when it opens the file again
                }
            }
        }
        decisions.sort(Comparator.comparing(d -> Instant.parse(d.time())));
        return decisions;
    }
}
