package dev.schemaop.testing;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The lines an embedded run ends with (cli.RunSummary: "Run finished in ...", "Run failed after
 * ...", "Schema changes of ...", "Schema changes: none."), told apart from the rest of what the
 * command line printed, so that run helpers can keep a test's view of the run's messages as it was
 * and the summary apart.
 */
public final class SummaryLines {
    private SummaryLines() {}

    public static boolean isSummary(String line) {
        return line.startsWith("Run finished in ")
                || line.startsWith("Run failed after ")
                || line.startsWith("Schema changes of ")
                || line.equals("Schema changes: none.");
    }

    /** The summary's lines in {@code printed}. */
    public static List<String> of(String printed) {
        return printed.lines().filter(SummaryLines::isSummary).toList();
    }

    /** {@code printed} without the summary's lines, each other line with its line end. */
    public static String without(String printed) {
        return printed.lines()
                .filter(line -> !isSummary(line))
                .map(line -> line + "\n")
                .collect(Collectors.joining());
    }
}
