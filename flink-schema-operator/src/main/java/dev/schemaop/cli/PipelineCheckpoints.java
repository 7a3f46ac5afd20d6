package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.pipeline.CheckpointDefaults;
import dev.schemaop.pipeline.definition.PipelineDefinition;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.RestoreMode;
import org.apache.flink.util.TimeUtils;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where an embedded run of a pipeline keeps its checkpoints, and the start that resumes from them
 * (issue 28): {@code checkpoints/<pipeline.name>} under the directory the command runs in, unless
 * {@code -D execution.checkpointing.dir} names a local directory. A start resumes from the newest
 * complete checkpoint there ({@code <job id>/chk-N/_metadata}) unless {@code -s} names one or
 * {@code --fresh} starts over; a definition whose identity ({@link PipelineIdentity}) differs from
 * the one the checkpoints were taken for is refused. What only the checkpoints of other runs need
 * is deleted: their job directories and their registry logs; the decision history stays whole.
 */
final class PipelineCheckpoints implements AutoCloseable {
    /** The checkpoint interval of an embedded run whose source has no end. */
    static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

    private static final Pattern JOB_ID = Pattern.compile("[0-9a-f]{32}");
    private static final Pattern CHECKPOINT = Pattern.compile("chk-(\\d+)");

    /** Beside the checkpoints: the registry's log of applied changes, a directory per job. */
    private static final String REGISTRY_LOGS = "schema-registry";

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    private static final String LOCK_FILE = ".lock";

    private final Path directory;
    private final PipelineIdentity identity;

    /** Released when the run ends, or the JVM, also when it is killed. */
    @Nullable private FileLock held;

    private PipelineCheckpoints(Path directory, PipelineIdentity identity) {
        this.directory = directory;
        this.identity = identity;
    }

    /**
     * The pipeline's checkpoint directory; empty when {@code -D execution.checkpointing.dir} names
     * one on a file system other than the local one, which a start does not search.
     */
    static Optional<PipelineCheckpoints> of(
            PipelineDefinition definition, Configuration flink, Path workingDirectory) {
        PipelineIdentity identity = PipelineIdentity.of(definition);
        Optional<String> configured = flink.getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY);
        if (configured.isPresent()) {
            Path local = Savepoints.localPath(configured.get());
            if (local == null) {
                return Optional.empty();
            }
            Path dir = workingDirectory.resolve(local).toAbsolutePath().normalize();
            // one directory for Flink, the registry's log and the next start, wherever they run
            flink.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir.toUri().toString());
            return Optional.of(new PipelineCheckpoints(dir, identity));
        }
        Path dir =
                workingDirectory
                        .resolve("checkpoints")
                        .resolve(directoryName(definition.settings().name()))
                        .toAbsolutePath()
                        .normalize();
        return Optional.of(new PipelineCheckpoints(dir, identity));
    }

    /** A pipeline name as one directory name: what a file name cannot hold becomes '_'. */
    static String directoryName(String pipelineName) {
        String name = pipelineName.trim().replaceAll("[^A-Za-z0-9._-]", "_");
        return name.isEmpty() || name.chars().allMatch(c -> c == '.') ? "_" : name;
    }

    Path directory() {
        return directory;
    }

    /**
     * @param interval the interval of a source without an end; null to keep checkpointing off
     */
    CheckpointDefaults defaults(@Nullable Duration interval) {
        return new CheckpointDefaults(interval, directory.toUri().toString());
    }

    /**
     * Before the job is built: holds the directory for this run (one run at a time); with {@code
     * fresh}, deletes the checkpoints of earlier runs; else, unless {@code -s} names a checkpoint
     * or checkpointing is off, sets the newest complete one as the one to restore.
     *
     * @param resume false when this run takes no checkpoints: restoring the same old checkpoint at
     *     every start would apply again what the runs since then applied
     */
    void beforeStart(Configuration flink, boolean fresh, boolean resume, PrintStream err)
            throws IOException {
        lock();
        List<Path> jobs = jobDirectories();
        if (fresh) {
            deleteRuns(jobs);
            Files.deleteIfExists(directory.resolve(PipelineIdentity.FILE));
            if (!jobs.isEmpty()) {
                err.println(
                        "Starting over (--fresh): deleted the checkpoints of "
                                + jobs.size()
                                + (jobs.size() == 1 ? " earlier run" : " earlier runs")
                                + " in "
                                + directory
                                + ".");
            }
            return;
        }
        if (!resume || flink.getOptional(StateRecoveryOptions.SAVEPOINT_PATH).isPresent()) {
            return;
        }
        Optional<Checkpoint> newest = newestCheckpoint(jobs);
        if (newest.isEmpty()) {
            return;
        }
        refuseAnotherPipeline(newest.get());
        Checkpoint checkpoint = newest.get();
        flink.set(StateRecoveryOptions.SAVEPOINT_PATH, checkpoint.path().toString());
        err.println(
                "Resuming from checkpoint "
                        + checkpoint.number()
                        + " of an earlier run ("
                        + checkpoint.path()
                        + ", completed "
                        + TIME.format(checkpoint.completed().toInstant())
                        + "); --fresh starts over.");
        List<Path> others = new ArrayList<>(jobs);
        others.remove(checkpoint.job());
        continueTheNewestLog(checkpoint, others);
        if (restoresWithoutClaim(flink)) {
            deleteRuns(others);
        }
    }

    /**
     * A run that restored this checkpoint and died before it took one of its own may have changed
     * the sink: its registry log (a copy of the checkpoint's run's log, and what it applied since)
     * is what the restored registry must continue from, or it would apply those changes again (G6).
     * The registry continues the log of the run that took the checkpoint, so the newest such log
     * takes that run's place.
     */
    private void continueTheNewestLog(Checkpoint checkpoint, List<Path> laterRuns)
            throws IOException {
        Path logs = directory.resolve(REGISTRY_LOGS);
        Path newest = null;
        FileTime newestTime = checkpoint.completed();
        for (Path run : laterRuns) {
            Path log = logs.resolve(run.getFileName().toString());
            Optional<FileTime> written = lastWritten(log);
            if (written.isPresent() && written.get().compareTo(newestTime) > 0) {
                newest = log;
                newestTime = written.get();
            }
        }
        if (newest == null) {
            return;
        }
        Path target = logs.resolve(checkpoint.job().getFileName().toString());
        deleteTree(target);
        Files.move(newest, target);
    }

    /** When a file of the directory was last written, if it has any. */
    private static Optional<FileTime> lastWritten(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            List<FileTime> times = new ArrayList<>();
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                times.add(Files.getLastModifiedTime(file));
            }
            return times.stream().max(Comparator.naturalOrder());
        }
    }

    /**
     * Flink's default restore: the restored job's first checkpoint is a full one, so once it
     * completes nothing of another run's checkpoints is needed. Under CLAIM or LEGACY later
     * checkpoints may refer to the restored run's files, and other runs' are left alone.
     */
    private static boolean restoresWithoutClaim(Configuration flink) {
        return flink.getOptional(StateRecoveryOptions.RESTORE_MODE)
                .map(mode -> mode == RestoreMode.NO_CLAIM)
                .orElse(true);
    }

    /**
     * Holds the directory until the run ends ({@link #close}): two runs of one pipeline at a time
     * would restore the same checkpoint and write one sink, each unaware of the other's changes.
     */
    private void lock() throws IOException {
        Files.createDirectories(directory);
        FileChannel channel =
                FileChannel.open(
                        directory.resolve(LOCK_FILE),
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException held) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new PipelineConfigException(
                    "Another run uses the checkpoint directory "
                            + directory
                            + " (a run of the same pipeline.name from this directory, or with the"
                            + " same -D execution.checkpointing.dir). Wait for it to end, or give"
                            + " this run a pipeline.name or -D execution.checkpointing.dir of its"
                            + " own.");
        }
        held = lock;
    }

    /**
     * Once the job checkpoints into this directory: records what the checkpoints belong to and says
     * where they go.
     */
    void checkpointing(Duration interval, PrintStream err) throws IOException {
        identity.writeTo(directory);
        err.println(
                "Checkpoints go to "
                        + directory
                        + " every "
                        + TimeUtils.formatWithHighestUnit(interval)
                        + "; a later start of this pipeline resumes from the newest.");
    }

    private void refuseAnotherPipeline(Checkpoint checkpoint) throws IOException {
        Optional<PipelineIdentity> recorded = PipelineIdentity.readFrom(directory);
        if (recorded.isEmpty()) {
            return;
        }
        List<String> differences = identity.differencesFrom(recorded.get());
        if (differences.isEmpty()) {
            return;
        }
        throw new PipelineConfigException(
                "The checkpoints in "
                        + directory
                        + " were taken for another pipeline than this definition ("
                        + String.join("; ", differences)
                        + "): their positions and state do not fit it. Start over with --fresh"
                        + " (the checkpoints there are deleted; the source reads from its"
                        + " start, as on a first run), restore a checkpoint of your choice"
                        + " with -s "
                        + checkpoint.path()
                        + " if it does fit, or, when the checkpoints are another pipeline's, give"
                        + " this one a pipeline.name or -D execution.checkpointing.dir of its"
                        + " own.");
    }

    /** Lets the next run of the pipeline have the directory. */
    @Override
    public void close() throws IOException {
        if (held != null) {
            held.channel().close();
            held = null;
        }
    }

    /** The directories of jobs that checkpointed here, by their names (Flink's job ids). */
    private List<Path> jobDirectories() throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.filter(Files::isDirectory)
                    .filter(p -> JOB_ID.matcher(p.getFileName().toString()).matches())
                    .toList();
        }
    }

    /** A complete checkpoint: {@code chk-N} with its {@code _metadata}. */
    record Checkpoint(Path job, Path path, long number, FileTime completed) {}

    /** The complete checkpoint written last, whichever job wrote it. */
    static Optional<Checkpoint> newestCheckpoint(List<Path> jobs) throws IOException {
        List<Checkpoint> complete = new ArrayList<>();
        for (Path job : jobs) {
            try (Stream<Path> entries = Files.list(job)) {
                for (Path entry : entries.toList()) {
                    Matcher chk = CHECKPOINT.matcher(entry.getFileName().toString());
                    Path metadata = entry.resolve("_metadata");
                    if (chk.matches()
                            && Files.isRegularFile(metadata)
                            && Files.size(metadata) > 0) {
                        complete.add(
                                new Checkpoint(
                                        job,
                                        entry,
                                        Long.parseLong(chk.group(1)),
                                        Files.getLastModifiedTime(metadata)));
                    }
                }
            }
        }
        return complete.stream()
                .max(
                        Comparator.comparing(Checkpoint::completed)
                                .thenComparingLong(Checkpoint::number));
    }

    /** Deletes the jobs' checkpoints and the registry logs only their checkpoints need. */
    private void deleteRuns(List<Path> jobs) throws IOException {
        for (Path job : jobs) {
            deleteTree(job);
            deleteTree(directory.resolve(REGISTRY_LOGS).resolve(job.getFileName().toString()));
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path path : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
