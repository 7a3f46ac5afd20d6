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
 * The project's own connectors in a source tree: by kind and type from the runtime's index ({@code
 * project-connectors.properties}), each the jar of its module in {@code
 * pipeline-connectors/MODULE/target}, built there on first use like the runtime.
 */
final class SourceTreeConnectors implements ProjectConnectors {
    private static final String INDEX = "project-connectors.properties";
    private static final String ARTIFACT_PREFIX = "flink-cdc-pipeline-connector-";

    private final FlinkCdcHome home;
    private final Map<String, String> modules;

    SourceTreeConnectors(FlinkCdcHome home) {
        this.home = home;
        this.modules = index();
    }

    /** {@code KIND.TYPE -> module}, sorted. */
    static Map<String, String> index() {
        Properties properties = new Properties();
        try (InputStream in = SourceTreeConnectors.class.getResourceAsStream(INDEX)) {
            if (in == null) {
                throw new IllegalStateException("The runtime lacks its " + INDEX);
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> modules = new TreeMap<>();
        properties.forEach((key, value) -> modules.put((String) key, ((String) value).strip()));
        return modules;
    }

    @Nullable
    private String moduleOf(ConnectorKind kind, String type) {
        return modules.get(kind.key(type));
    }

    @Override
    @Nullable
    public Path jarFor(ConnectorKind kind, String type) {
        String module = moduleOf(kind, type);
        return module == null ? null : jarOf(module);
    }

    @Override
    public String whereIs(ConnectorKind kind, String type) {
        return whereIs(moduleOf(kind, type));
    }

    @Override
    public List<String> types(ConnectorKind kind) {
        return kind.typesAmong(modules.keySet());
    }

    /**
     * The jar of a module; in a source tree launched by bin/flink-cdc.sh it is built first when
     * missing or older than its sources (one line on stderr, the output in log/build.log).
     */
    private Path jarOf(String module) {
        if (home.mayBuild()) {
            build(module);
        }
        Path jar = find(jarDirectory(module), module);
        if (jar == null) {
            throw new PipelineConfigException(
                    "The "
                            + module
                            + " connector is not built. Run bin/flink-cdc.sh, which builds it, or:"
                            + " mvn -B -q -pl pipeline-connectors/"
                            + module
                            + " -am install -DskipTests");
        }
        return jar;
    }

    private String whereIs(String module) {
        Path dir = jarDirectory(module);
        Path jar = find(dir, module);
        if (jar != null) {
            return home.dir().relativize(jar).toString();
        }
        return "pipeline-connectors/" + module + " (built on first use)";
    }

    private Path jarDirectory(String module) {
        return home.dir().resolve("pipeline-connectors").resolve(module).resolve("target");
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
