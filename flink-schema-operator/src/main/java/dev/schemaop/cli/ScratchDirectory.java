package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.util.FileUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A directory in the JVM's temp directory that holds everything one run writes only for itself: the
 * embedded cluster's files (its RPC jar, blobs, working directories, uploads) and the schema
 * registry's log when no checkpoint can outlive the run. Deleted when the run ends, also when it is
 * interrupted, so a run leaves nothing behind but what the user asked for.
 */
final class ScratchDirectory implements AutoCloseable {
    private static final int DELETE_ATTEMPTS = 20;

    private final Path path;
    private final Thread deleteOnInterrupt;

    private ScratchDirectory(Path path) {
        this.path = path;
        this.deleteOnInterrupt = new Thread(this::delete, "flink-cdc-scratch-cleanup");
        Runtime.getRuntime().addShutdownHook(deleteOnInterrupt);
    }

    static ScratchDirectory create() {
        try {
            return new ScratchDirectory(Files.createTempDirectory("flink-cdc-run-"));
        } catch (IOException e) {
            throw new PipelineConfigException(
                    "Cannot create a directory for the run in "
                            + System.getProperty("java.io.tmpdir")
                            + ": "
                            + e.getMessage()
                            + ". Free space there, or point JAVA_OPTS=-Djava.io.tmpdir=DIR at a"
                            + " writable directory.",
                    e);
        }
    }

    Path path() {
        return path;
    }

    /** The embedded cluster writes its files here, unless the user chose a place with -D. */
    void holdFlinkFilesOf(Configuration flinkConfiguration) {
        if (!flinkConfiguration.contains(CoreOptions.TMP_DIRS)) {
            flinkConfiguration.set(CoreOptions.TMP_DIRS, path.resolve("flink").toString());
        }
        if (!flinkConfiguration.contains(WebOptions.TMP_DIR)) {
            flinkConfiguration.set(WebOptions.TMP_DIR, path.resolve("web").toString());
        }
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(deleteOnInterrupt);
        } catch (IllegalStateException shuttingDown) {
            // The hook runs (or ran) anyway.
        }
        delete();
    }

    /**
     * The embedded cluster shuts down asynchronously after the job's end, and may still remove
     * files of its own while this runs: a few attempts, each tolerating files that vanish.
     */
    private void delete() {
        for (int attempt = 1; Files.exists(path); attempt++) {
            try {
                deleteTree(path);
            } catch (IOException | UncheckedIOException e) {
                if (attempt == DELETE_ATTEMPTS) {
                    System.err.println(
                            "Warning: could not delete the run's directory " + path + ": " + e);
                    return;
                }
                sleepBriefly();
            }
        }
    }

    /** Flink's own recursive delete, safe against files deleted concurrently. */
    private static void deleteTree(Path root) throws IOException {
        FileUtils.deleteDirectory(root.toFile());
    }

    private static void sleepBriefly() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
