package dev.schemaop.connectors.values;

import org.apache.flink.cdc.common.configuration.Configuration;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.Optional;

/**
 * What the runner tells the factories through the pipeline configuration. This project's runner
 * always sets {@value #DEFINITION_DIR}, and sets {@value #CHECKPOINT_INTERVAL} exactly when
 * checkpointing is on; other runners may set neither, so each setting is optional.
 */
final class RunnerSettings {

    /** Absolute path of the directory of the pipeline definition file. */
    static final String DEFINITION_DIR = "pipeline.definition.dir";

    /** The checkpoint interval, a duration such as "200 ms", when checkpointing is on. */
    static final String CHECKPOINT_INTERVAL = "execution.checkpointing.interval";

    /** "true" when the sink is created for flink-cdc.sh check: no job follows. */
    static final String DRY_RUN = "pipeline.dry-run";

    private final Map<String, String> pipeline;

    private RunnerSettings(Map<String, String> pipeline) {
        this.pipeline = pipeline;
    }

    static RunnerSettings of(Configuration pipelineConfiguration) {
        return new RunnerSettings(
                pipelineConfiguration == null ? Map.of() : pipelineConfiguration.toMap());
    }

    /** Whether no job follows (flink-cdc.sh check): the connector must change nothing. */
    boolean dryRun() {
        return Boolean.parseBoolean(pipeline.get(DRY_RUN));
    }

    /** The pipeline definition's directory, when the runner names it. */
    Optional<Path> definitionDir() {
        return Optional.ofNullable(pipeline.get(DEFINITION_DIR))
                .filter(dir -> !dir.isBlank())
                .map(Paths::get);
    }

    /**
     * Whether the absence of {@value #CHECKPOINT_INTERVAL} means checkpointing is off: true for
     * this project's runner, recognized by {@value #DEFINITION_DIR}, which it always sets.
     */
    boolean reportsCheckpointing() {
        return definitionDir().isPresent();
    }

    /** The checkpoint interval as the runner wrote it, when it gave one. */
    Optional<String> checkpointInterval() {
        return Optional.ofNullable(pipeline.get(CHECKPOINT_INTERVAL)).filter(s -> !s.isBlank());
    }
}
