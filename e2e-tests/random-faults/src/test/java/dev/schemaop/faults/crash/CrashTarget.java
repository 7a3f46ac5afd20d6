package dev.schemaop.faults.crash;

import java.util.List;
import java.util.Map;

/** Where a crash run writes (a real sink), and what it wrote, read back as the sink keeps it. */
interface CrashTarget extends AutoCloseable {

    /** The pipeline's {@code sink:} and {@code route:} blocks (the source's tables are db.*). */
    String sinkAndRoute();

    /** Command line arguments before the pipeline file (a connector's jar). */
    List<String> arguments();

    /** Each table, by name, as its columns and then its rows, by key. */
    Map<String, List<String>> tables() throws Exception;

    /** The schema changes the sink took, in order: one entry per change applied. */
    List<String> changes() throws Exception;

    /**
     * Writes the sink took twice that the final rows cannot show (a keyed table keeps one row of
     * each key): one line each; none for a sink that shows them otherwise.
     */
    default List<String> doubledCommits() throws Exception {
        return List.of();
    }

    /** Makes the target of one run, fresh: {@code name} tells the two runs of a seed apart. */
    interface Factory {
        CrashTarget fresh(long seed, String name, java.nio.file.Path runDirectory) throws Exception;
    }
}
