package dev.schemaop.launch;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.pipeline.FactoryDiscovery;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The connector jars of one pipeline and the class loader its connectors are created in: every
 * {@code --jar}, every jar of the lib directory (as Flink CDC's distribution loads its {@code
 * lib/}), and the project's own connectors the pipeline names that neither provides; a connector on
 * the class path comes last. A named type is taken from the first of these that has it: a jar of
 * the lib directory that a {@code --jar} overrides for a named type is left out, so that only one
 * copy of that connector is loaded. The loaders nest so that a {@code --jar} is nearest, then the
 * lib directory, then the project's connectors; the job carries the jars in that order too (Flink's
 * child-first user class loader takes the first copy of a class). A project connector the pipeline
 * does not name never joins.
 */
public final class JobConnectors implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JobConnectors.class);

    private final List<Path> jars;
    private final List<URLClassLoader> loaders;
    private final URLClassLoader classLoader;

    private JobConnectors(List<Path> jars, List<URLClassLoader> loaders) {
        this.jars = List.copyOf(jars);
        this.loaders = loaders;
        this.classLoader = loaders.get(loaders.size() - 1);
    }

    /**
     * @param home where bin/flink-cdc.sh runs from; null: no lib directory, no project connectors
     * @param passed the {@code --jar} jars
     */
    public static JobConnectors resolve(
            @Nullable FlinkCdcHome home,
            List<Path> passed,
            List<NamedConnector> named,
            ClassLoader parent) {
        for (Path jar : passed) {
            ConnectorJars.check(jar, "--jar " + jar, ConnectorJars.PASSED_FIX);
        }
        List<Path> lib = new ArrayList<>(home == null ? List.of() : libJars(home.lib()));
        Map<Path, List<String>> provides = new LinkedHashMap<>();
        for (Path jar : concat(passed, lib)) {
            provides.put(jar, JarFactories.keysIn(jar, parent));
        }
        ProjectConnectors projectConnectors = home == null ? null : ProjectConnectors.of(home);
        List<Path> project = new ArrayList<>();
        for (NamedConnector connector : named) {
            String key = connector.kind().key(connector.type());
            List<Path> providers =
                    provides.entrySet().stream()
                            .filter(entry -> entry.getValue().contains(key))
                            .map(Map.Entry::getKey)
                            .toList();
            if (!providers.isEmpty()) {
                leaveOutOverridden(providers, passed, lib, connector);
                continue;
            }
            Path jar =
                    projectConnectors == null
                            ? null
                            : projectConnectors.jarFor(connector.kind(), connector.type());
            if (jar != null) {
                if (!project.contains(jar)) {
                    project.add(jar);
                }
            } else if (!onClassPath(connector, parent)) {
                throw notFound(connector, provides, projectConnectors, parent);
            }
        }
        List<URLClassLoader> loaders = new ArrayList<>();
        ClassLoader below = parent;
        for (List<Path> layer : List.of(project, lib, passed)) {
            if (!layer.isEmpty() || (loaders.isEmpty() && layer == passed)) {
                URLClassLoader loader = new URLClassLoader(urls(layer), below);
                loaders.add(loader);
                below = loader;
            }
        }
        return new JobConnectors(concat(concat(passed, lib), project), loaders);
    }

    /** A {@code --jar} overrides the lib directory's jars of the same named type: they stay out. */
    private static void leaveOutOverridden(
            List<Path> providers, List<Path> passed, List<Path> lib, NamedConnector connector) {
        Path used = providers.get(0);
        if (!passed.contains(used)) {
            return; // two in lib/: FactoryDiscovery names them both
        }
        for (Path other : providers) {
            if (lib.remove(other)) {
                LOG.warn(
                        "The {} connector of type '{}' comes from --jar {}; {} in the lib directory,"
                                + " which has one too, is left out of this pipeline.",
                        connector.kind().block(),
                        connector.type(),
                        used,
                        other);
            }
        }
    }

    private static boolean onClassPath(NamedConnector connector, ClassLoader parent) {
        return JarFactories.all(parent, "the class path").stream()
                .anyMatch(
                        f -> connector.kind().serves(f) && f.identifier().equals(connector.type()));
    }

    /** The class loader the pipeline's connectors are created in. */
    public ClassLoader classLoader() {
        return classLoader;
    }

    /** Every jar the job carries: {@code --jar}, lib, the project's named connectors. */
    public List<Path> jars() {
        return jars;
    }

    /** {@link #jars} as the URIs Flink's {@code pipeline.jars} takes. */
    public List<String> jarUris() {
        return jars.stream().map(jar -> jar.toAbsolutePath().toUri().toString()).toList();
    }

    @Override
    public void close() throws IOException {
        for (int i = loaders.size() - 1; i >= 0; i--) {
            loaders.get(i).close();
        }
    }

    /** The jars of the lib directory, in name order; none when there is no such directory. */
    static List<Path> libJars(Path dir) {
        if (!Files.exists(dir)) {
            return List.of();
        }
        if (!Files.isDirectory(dir)) {
            throw new PipelineConfigException(
                    "The lib directory "
                            + dir
                            + " is not a directory. Point "
                            + FlinkCdcHome.LIB_VARIABLE
                            + " at the directory of your connector and driver jars, or unset it.");
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> jars =
                    files.filter(file -> file.getFileName().toString().endsWith(".jar"))
                            .sorted()
                            .toList();
            jars.forEach(
                    jar ->
                            ConnectorJars.check(
                                    jar,
                                    jar + " (in the lib directory)",
                                    "Replace or remove it; a download that stopped early leaves a"
                                            + " truncated one."));
            return jars;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static PipelineConfigException notFound(
            NamedConnector connector,
            Map<Path, List<String>> provides,
            @Nullable ProjectConnectors projectConnectors,
            ClassLoader parent) {
        Set<String> available = new TreeSet<>();
        provides.values().forEach(keys -> available.addAll(connector.kind().typesAmong(keys)));
        JarFactories.all(parent, "the class path").stream()
                .filter(connector.kind()::serves)
                .forEach(factory -> available.add(factory.identifier()));
        if (projectConnectors != null) {
            available.addAll(projectConnectors.types(connector.kind()));
        }
        return FactoryDiscovery.notFound(
                connector.where(), connector.kind().block(), connector.type(), available);
    }

    private static URL[] urls(List<Path> jars) {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).toAbsolutePath().toUri().toURL();
            } catch (MalformedURLException e) {
                throw new PipelineConfigException(jars.get(i) + " is not a valid path.", e);
            }
        }
        return urls;
    }

    private static List<Path> concat(List<Path> first, List<Path> second) {
        List<Path> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
