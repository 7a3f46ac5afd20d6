package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.launch.ConnectorKind;
import dev.schemaop.launch.FlinkCdcHome;
import dev.schemaop.launch.JobConnectors;
import dev.schemaop.launch.NamedConnector;
import dev.schemaop.pipeline.definition.BlockLocation;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import javax.annotation.Nullable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** What every command reads before it looks at a pipeline: the file, the defaults, the jars. */
final class DefinitionInput {
    private DefinitionInput() {}

    static Path pipelineFile(Path file) {
        if (file == null) {
            throw new PipelineConfigException(
                    "No pipeline definition given. Run 'flink-cdc.sh --help' for the usage.");
        }
        if (!Files.isRegularFile(file)) {
            throw new PipelineConfigException(
                    "Pipeline definition " + file + " does not exist or is not a file.");
        }
        return file;
    }

    /** The --global-config file, or conf/flink-cdc.yaml beside bin/ when there is one. */
    static Map<String, String> globalConfig(Path file) {
        if (file == null) {
            String home = System.getProperty("flink.cdc.home");
            Path fallback = home == null ? null : Path.of(home, "conf", "flink-cdc.yaml");
            return fallback != null && Files.isRegularFile(fallback)
                    ? PipelineDefinitionParser.loadGlobalConfig(fallback)
                    : Map.of();
        }
        if (!Files.isRegularFile(file)) {
            throw new PipelineConfigException(
                    "--global-config " + file + " does not exist or is not a file.");
        }
        return PipelineDefinitionParser.loadGlobalConfig(file);
    }

    /**
     * The pipeline's connector jars and class loader, over {@code parent}: the --jar ones, the lib
     * directory's, the project's own the pipeline names.
     */
    static JobConnectors connectors(
            PipelineDefinition definition, List<Path> jars, ClassLoader parent) {
        return JobConnectors.resolve(
                FlinkCdcHome.locate(),
                jars,
                List.of(
                        named(
                                ConnectorKind.SOURCE,
                                definition.source().type(),
                                definition.source().where()),
                        named(
                                ConnectorKind.SINK,
                                definition.sink().type(),
                                definition.sink().where())),
                parent);
    }

    private static NamedConnector named(
            ConnectorKind kind, String type, @Nullable BlockLocation where) {
        return new NamedConnector(
                kind, type, where == null ? "the " + kind.block() + " block" : where.of("type"));
    }
}
