package dev.schemaop.launch;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.pipeline.FactoryDiscovery;

import org.apache.flink.cdc.common.factories.Factory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The connector jars of one pipeline and the class loader its connectors are created in: every
 * {@code --jar}, every jar of the lib directory (as Flink CDC's distribution loads its {@code
 * lib/}), and the project's own connectors the pipeline names that neither provides. The loaders
 * nest so that a connector of a {@code --jar} is nearest, then one of the lib directory, then the
 * project's: nearest wins when two have one type. A project connector the pipeline does not name
 * never joins, so its dependencies meet nobody's.
 */
public final class JobConnectors implements AutoCloseable {
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
            ConnectorJars.check(jar, "--jar " + jar);
        }
        List<Path> lib = home == null ? List.of() : libJars(home.lib());
        List<Path> project = new ArrayList<>();
        ProjectConnectors projectConnectors = home == null ? null : ProjectConnectors.of(home);
        List<Factory> provided = factories(concat(passed, lib), parent);
        Set<Path> chosen = new LinkedHashSet<>();
        for (NamedConnector connector : named) {
            if (provided.stream()
                    .anyMatch(
                            f ->
                                    connector.kind().serves(f)
                                            && f.identifier().equals(connector.type()))) {
                continue;
            }
            Path jar =
                    projectConnectors == null
                            ? null
                            : projectConnectors.jarFor(connector.kind(), connector.type());
            if (jar == null) {
                throw notFound(connector, provided, projectConnectors);
            }
            chosen.add(jar);
        }
        project.addAll(chosen);
        List<URLClassLoader> loaders = new ArrayList<>();
        ClassLoader below = parent;
        for (List<Path> layer : List.of(project, lib, passed)) {
            if (!layer.isEmpty() || (loaders.isEmpty() && layer == passed)) {
                URLClassLoader loader = new URLClassLoader(urls(layer), below);
                loaders.add(loader);
                below = loader;
            }
        }
        return new JobConnectors(concat(concat(project, lib), passed), loaders);
    }

    /** The class loader the pipeline's connectors are created in. */
    public ClassLoader classLoader() {
        return classLoader;
    }

    /** Every jar the job carries: the project's named connectors, lib, {@code --jar}. */
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
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> jars =
                    files.filter(file -> file.getFileName().toString().endsWith(".jar"))
                            .sorted()
                            .toList();
            jars.forEach(jar -> ConnectorJars.check(jar, jar + " (in the lib directory)"));
            return jars;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The connector factories of these jars and the class path. */
    static List<Factory> factories(List<Path> jars, ClassLoader parent) {
        List<Factory> found = new ArrayList<>();
        try (URLClassLoader loader = new URLClassLoader(urls(jars), parent)) {
            for (Factory factory : ServiceLoader.load(Factory.class, loader)) {
                found.add(factory);
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            throw new PipelineConfigException(
                    String.format(
                            "A connector jar could not be loaded: %s. Check the jars passed with"
                                    + " --jar and those in the lib directory: each must be a"
                                    + " connector built for Flink CDC 3.5.",
                            e.getMessage()),
                    e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    private static PipelineConfigException notFound(
            NamedConnector connector,
            List<Factory> provided,
            @Nullable ProjectConnectors projectConnectors) {
        Set<String> available = new TreeSet<>();
        provided.stream()
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
