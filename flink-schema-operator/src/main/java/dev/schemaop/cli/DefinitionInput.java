package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /** The connectors of the --jar options, over {@code parent}. */
    static URLClassLoader connectorClassLoader(List<Path> jars, ClassLoader parent) {
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            ConnectorJars.check(jar);
            try {
                urls.add(jar.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new PipelineConfigException("--jar " + jar + " is not a valid path.", e);
            }
        }
        return new URLClassLoader(urls.toArray(new URL[0]), parent);
    }
}
