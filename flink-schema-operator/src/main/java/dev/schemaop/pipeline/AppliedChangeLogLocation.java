package dev.schemaop.pipeline;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ReadableConfig;

import java.net.URI;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.UUID;

/**
 * Where a run's schema registry logs the changes it applied (SPEC G6). The log is what a restore
 * from one of the run's checkpoints needs, so it lives as long as those checkpoints can: beside
 * them when checkpoints go to a local directory, else in the run's scratch directory, which goes
 * with the run. Every run gets a directory of its own, so two runs of one definition never share a
 * log; a run restored from another run's checkpoint starts its own log from that run's.
 */
final class AppliedChangeLogLocation {
    static final String BESIDE_CHECKPOINTS = "schema-registry";
    private static final DateTimeFormatter RUN_TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private AppliedChangeLogLocation() {}

    static Path of(ReadableConfig flinkConfiguration, RunLocation run) {
        String runId =
                LocalDateTime.now().format(RUN_TIME)
                        + "-"
                        + UUID.randomUUID().toString().substring(0, 8);
        return flinkConfiguration
                .getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY)
                .flatMap(AppliedChangeLogLocation::localDirectory)
                .map(checkpoints -> checkpoints.resolve(BESIDE_CHECKPOINTS).resolve(runId))
                .orElseGet(() -> run.scratchDirectory().resolve("applied-changes").resolve(runId));
    }

    /** A checkpoint directory on this machine's file system; empty for other file systems. */
    private static Optional<Path> localDirectory(String checkpointDirectory) {
        URI uri = URI.create(checkpointDirectory.replace(" ", "%20"));
        if (uri.getScheme() == null) {
            return Optional.of(Path.of(checkpointDirectory));
        }
        return "file".equals(uri.getScheme()) ? Optional.of(Path.of(uri)) : Optional.empty();
    }
}
