package dev.schemaop.cli;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ReadableConfig;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * What the embedded run says when it is interrupted (Ctrl-C, a kill): one line, from a shutdown
 * hook, on how long it ran, what the sink holds (a committing sink what it committed at the last
 * completed checkpoint; another every row written so far, the last batch maybe in part), and where
 * it can resume: the last checkpoint on disk, whose directory {@code -s} takes (checkpoints stay
 * when the JVM ends this way, whatever their retention says), or from the beginning. The JVM exits
 * 130 as before; the run's own thread says nothing more once this fired.
 */
final class Interruption implements AutoCloseable {
    private final Thread hook;
    private final AtomicBoolean fired = new AtomicBoolean();
    private volatile JobID job;

    private Interruption(
            long startNanos,
            ReadableConfig flink,
            boolean sinkCommits,
            Path pipeline,
            PrintStream err) {
        this.hook =
                new Thread(
                        () -> {
                            fired.set(true);
                            Duration took = Duration.ofNanos(System.nanoTime() - startNanos);
                            err.println(line(took, job, flink, sinkCommits, pipeline));
                        },
                        "flink-cdc-interrupted");
    }

    /** Says the line if the JVM ends before {@link #close()}. */
    static Interruption watch(
            ReadableConfig flink, boolean sinkCommits, Path pipeline, PrintStream err) {
        Interruption interruption =
                new Interruption(System.nanoTime(), flink, sinkCommits, pipeline, err);
        Runtime.getRuntime().addShutdownHook(interruption.hook);
        return interruption;
    }

    /** The job has been submitted: its checkpoints are where an interruption looks. */
    void submitted(JobID job) {
        this.job = job;
    }

    /** Whether the JVM is ending: the run must not report the job's end on top of the line. */
    boolean fired() {
        return fired.get();
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs (or ran)
        }
    }

    static String line(
            Duration took,
            @Nullable JobID job,
            ReadableConfig flink,
            boolean sinkCommits,
            Path pipeline) {
        if (job == null) {
            return "Interrupted after "
                    + RunSummary.duration(took)
                    + ", before the job started: nothing was written.";
        }
        return "Interrupted after "
                + RunSummary.duration(took)
                + ": the job stopped where it was. "
                + (sinkCommits
                        ? "The sink holds what it committed at the last completed checkpoint; what"
                                + " it wrote since is not committed. "
                        : "The sink holds every row written so far, the last batch maybe in part."
                                + " ")
                + resume(job, flink, pipeline);
    }

    private static String resume(JobID job, ReadableConfig flink, Path pipeline) {
        String restart = "A new run starts from the beginning";
        if (flink.getOptional(CheckpointingOptions.CHECKPOINTING_INTERVAL).isEmpty()) {
            return restart + " (checkpointing was off).";
        }
        Optional<String> directory = flink.getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY);
        if (directory.isEmpty()) {
            return restart
                    + ": no checkpoint outlives the run without -D "
                    + CheckpointingOptions.CHECKPOINTS_DIRECTORY.key()
                    + ".";
        }
        Path local = Savepoints.localPath(directory.get());
        if (local == null) {
            return "Its checkpoints are in "
                    + directory.get()
                    + "/"
                    + job
                    + ": resume from the last one with -s <its chk-N directory>.";
        }
        Optional<Path> last = lastCheckpoint(local.resolve(job.toString()));
        return last.map(
                        checkpoint ->
                                "Start it again with the same command to resume from its last"
                                        + " checkpoint, "
                                        + checkpoint
                                        + " (bin/flink-cdc.sh "
                                        + pipeline
                                        + " with the same options, without --fresh or -s).")
                .orElse(restart + ": no checkpoint had completed.");
    }

    /** The completed checkpoint ({@code chk-N} with its metadata) of the highest N. */
    private static Optional<Path> lastCheckpoint(Path jobDirectory) {
        try (Stream<Path> checkpoints = Files.list(jobDirectory)) {
            return checkpoints
                    .filter(c -> c.getFileName().toString().matches("chk-\\d+"))
                    .filter(c -> Files.isRegularFile(c.resolve(Savepoints.METADATA)))
                    .max(
                            Comparator.comparingLong(
                                    c -> Long.parseLong(c.getFileName().toString().substring(4))));
        } catch (IOException noCheckpoints) {
            return Optional.empty();
        }
    }
}
