package dev.schemaop.testing;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The lines an embedded run ends with (cli.RunSummary: "Run finished in ...", "Run failed after
 * ...", "Schema changes of ...", "Schema changes: none."), told apart from the rest of what the
 * command line printed, so that run helpers can keep a test's view of the run's messages as it was
 * and the summary apart. The lines about the run's checkpoint directory at its start ("Checkpoints
 * go to ...", "Resuming from checkpoint ...", issue 28) are left out with them: they have tests of
 * their own.
 */
public final class SummaryLines {
    private SummaryLines() {}

    public static boolean isSummary(String line) {
        return line.startsWith("Run finished in ")
                || line.startsWith("Run failed after ")
                || line.startsWith("Schema changes of ")
                || line.equals("Schema changes: none.");
    }

    /** A line about where an embedded run checkpoints, or what it resumes from. */
    public static boolean isAboutCheckpoints(String line) {
        return line.startsWith("Checkpoints go to ")
                || line.startsWith("Resuming from checkpoint ");
    }

    /** The summary's lines in {@code printed}. */
    public static List<String> of(String printed) {
        return printed.lines().filter(SummaryLines::isSummary).toList();
    }

    /**
     * {@code printed} without the summary's lines and those about checkpoints, each other line with
     * its line end.
     */
    public static String without(String printed) {
        return printed.lines()
                .filter(line -> !isSummary(line) && !isAboutCheckpoints(line))
                .map(line -> line + "\n")
                .collect(Collectors.joining());
    }
}
