package dev.schemaop.launch;

import dev.schemaop.api.PipelineConfigException;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The project's own connectors by kind and type ({@code project-connectors.properties}) and where
 * their jars are: {@code pipeline-connectors/MODULE/target} in a source tree, built there on first
 * use like the runtime, or {@code connectors/} in the binary distribution.
 */
public final class ProjectConnectors {
    private static final String INDEX = "project-connectors.properties";
    private static final String ARTIFACT_PREFIX = "flink-cdc-pipeline-connector-";

    private final FlinkCdcHome home;
    private final Map<String, String> modules;

    private ProjectConnectors(FlinkCdcHome home, Map<String, String> modules) {
        this.home = home;
        this.modules = modules;
    }

    public static ProjectConnectors of(FlinkCdcHome home) {
        return new ProjectConnectors(home, index());
    }

    /** {@code KIND.TYPE -> module}, sorted. */
    static Map<String, String> index() {
        Properties properties = new Properties();
        try (InputStream in = ProjectConnectors.class.getResourceAsStream(INDEX)) {
            properties.load(in);
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("The runtime jar lacks its " + INDEX, e);
        }
        Map<String, String> modules = new TreeMap<>();
        properties.forEach((key, value) -> modules.put((String) key, ((String) value).strip()));
        return modules;
    }

    /** The module that provides a connector of this kind and type, or null. */
    @Nullable
    public String moduleOf(ConnectorKind kind, String type) {
        return modules.get(kind.block() + "." + type);
    }

    /** The types of this kind the project provides. */
    public List<String> types(ConnectorKind kind) {
        String prefix = kind.block() + ".";
        return modules.keySet().stream()
                .filter(key -> key.startsWith(prefix))
                .map(key -> key.substring(prefix.length()))
                .toList();
    }

    /**
     * The jar of a module; in a source tree launched by bin/flink-cdc.sh it is built first when
     * missing or older than its sources (one line on stderr, the output in log/build.log).
     */
    public Path jarOf(String module) {
        if (home.sourceTree() && home.mayBuild()) {
            build(module);
        }
        Path dir =
                home.sourceTree()
                        ? home.dir()
                                .resolve("pipeline-connectors")
                                .resolve(module)
                                .resolve("target")
                        : home.dir().resolve("connectors");
        Path jar = find(dir, module);
        if (jar == null) {
            throw new PipelineConfigException(
                    home.sourceTree()
                            ? "The "
                                    + module
                                    + " connector is not built. Run bin/flink-cdc.sh, which"
                                    + " builds it, or: mvn -B -q -pl pipeline-connectors/"
                                    + module
                                    + " -am install -DskipTests"
                            : "The "
                                    + module
                                    + " connector's jar is missing from "
                                    + dir
                                    + ". Unpack the distribution again.");
        }
        return jar;
    }

    /** Where a module's jar is, or in a source tree will be once built, for listings. */
    public String whereIs(String module) {
        Path dir = jarDirectory(module);
        Path jar = find(dir, module);
        if (jar != null) {
            return home.dir().relativize(jar).toString();
        }
        return home.sourceTree()
                ? "pipeline-connectors/" + module + " (built on first use)"
                : "missing from " + dir;
    }

    private Path jarDirectory(String module) {
        return home.sourceTree()
                ? home.dir().resolve("pipeline-connectors").resolve(module).resolve("target")
                : home.dir().resolve("connectors");
    }

    /** The connector's deployable jar: the shaded {@code -dist} one where a module has both. */
    @Nullable
    static Path find(Path dir, String module) {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        String prefix = ARTIFACT_PREFIX + module + "-";
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(
                            file -> {
                                String name = file.getFileName().toString();
                                return name.startsWith(prefix)
                                        && name.endsWith(".jar")
                                        && !name.endsWith("-tests.jar")
                                        && !name.endsWith("-sources.jar");
                            })
                    .max(
                            Comparator.comparing(
                                            (Path file) ->
                                                    file.getFileName()
                                                            .toString()
                                                            .endsWith("-dist.jar"))
                                    .thenComparing(Path::toString))
                    .orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void build(String module) {
        ProcessBuilder build =
                new ProcessBuilder(
                                "bash",
                                "-c",
                                "source \"$1/bin/lib.sh\" && build_connector \"$1\" \"$2\"",
                                "build",
                                home.dir().toString(),
                                module)
                        .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                        .redirectError(ProcessBuilder.Redirect.INHERIT);
        int exit;
        try {
            exit = build.start().waitFor();
        } catch (IOException e) {
            throw new PipelineConfigException(
                    "Could not build the " + module + " connector: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PipelineConfigException(
                    "Interrupted while building the " + module + " connector.", e);
        }
        if (exit != 0) {
            throw new PipelineConfigException(
                    "The "
                            + module
                            + " connector could not be built; the build's output is above.");
        }
    }
}
