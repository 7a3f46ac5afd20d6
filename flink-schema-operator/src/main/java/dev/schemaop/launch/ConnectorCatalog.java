package dev.schemaop.launch;

import dev.schemaop.pipeline.FactoryDiscovery;

import org.apache.flink.cdc.common.factories.Factory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Every connector a launch can load and where it comes from ({@code flink-cdc.sh connectors}), in
 * the order a pipeline's type finds them: {@code --jar}, the lib directory, the project's own, the
 * class path. Each jar is looked at in a class loader of its own, so that what it provides is told
 * apart; the project's connectors come from their index and are loaded only when asked for.
 */
public final class ConnectorCatalog implements AutoCloseable {

    /** Where a connector comes from, in the order a type finds them. */
    public enum Origin {
        PASSED("--jar"),
        LIB("lib directory"),
        PROJECT("project"),
        CLASS_PATH("class path");

        private final String label;

        Origin(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One connector.
     *
     * @param from its jar, or for a project connector not built yet its module
     */
    public record Entry(
            ConnectorKind kind,
            String type,
            Origin origin,
            String from,
            @Nullable Factory factory) {}

    /** The project's connectors, read once; null without a home. */
    @Nullable private final ProjectConnectors project;

    private final List<URLClassLoader> loaders = new ArrayList<>();
    private final List<Entry> entries = new ArrayList<>();

    private ConnectorCatalog(@Nullable FlinkCdcHome home) {
        this.project = home == null ? null : ProjectConnectors.of(home);
    }

    public static ConnectorCatalog of(
            @Nullable FlinkCdcHome home, List<Path> passed, ClassLoader parent) {
        for (Path jar : passed) {
            ConnectorJars.check(jar, "--jar " + jar, ConnectorJars.PASSED_FIX);
        }
        List<Path> lib = home == null ? List.of() : JobConnectors.libJars(home.lib());
        ConnectorCatalog catalog = new ConnectorCatalog(home);
        try {
            catalog.read(passed, lib, parent);
        } catch (RuntimeException e) {
            catalog.closeQuietly(e);
            throw e;
        }
        return catalog;
    }

    private void read(List<Path> passed, List<Path> lib, ClassLoader parent) {
        for (Path jar : passed) {
            addJar(jar, Origin.PASSED, parent);
        }
        for (Path jar : lib) {
            addJar(jar, Origin.LIB, parent);
        }
        if (project != null) {
            for (ConnectorKind kind : ConnectorKind.values()) {
                for (String type : project.types(kind)) {
                    String from = project.whereIs(kind, type);
                    entries.add(new Entry(kind, type, Origin.PROJECT, from, null));
                }
            }
        }
        for (Factory factory : JarFactories.all(parent, "the class path")) {
            add(factory, Origin.CLASS_PATH, FactoryDiscovery.jarOf(factory));
        }
        entries.sort(
                Comparator.comparing(Entry::kind)
                        .thenComparing(Entry::type)
                        .thenComparing(Entry::origin));
    }

    private void closeQuietly(RuntimeException failure) {
        try {
            close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /** Every connector, by kind, type and then the order a type finds them. */
    public List<Entry> entries() {
        return entries;
    }

    /**
     * The factory of an entry; a project connector is loaded (in a source tree built first) from
     * its jar.
     */
    public Factory factoryOf(Entry entry) {
        if (entry.factory() != null) {
            return entry.factory();
        }
        Path jar = project.jarFor(entry.kind(), entry.type());
        URLClassLoader loader = load(jar, Factory.class.getClassLoader());
        for (Factory factory : JarFactories.definedBy(loader, jar)) {
            if (entry.kind().serves(factory) && factory.identifier().equals(entry.type())) {
                return factory;
            }
        }
        throw new IllegalStateException(
                jar + " has no " + entry.kind().block() + " connector of type " + entry.type());
    }

    @Override
    public void close() throws IOException {
        for (URLClassLoader loader : loaders) {
            loader.close();
        }
    }

    private void addJar(Path jar, Origin origin, ClassLoader parent) {
        URLClassLoader loader = load(jar, parent);
        for (Factory factory : JarFactories.definedBy(loader, jar)) {
            add(factory, origin, jar.toString());
        }
    }

    private void add(Factory factory, Origin origin, String from) {
        for (ConnectorKind kind : ConnectorKind.values()) {
            if (kind.serves(factory)) {
                entries.add(new Entry(kind, factory.identifier(), origin, from, factory));
            }
        }
    }

    private URLClassLoader load(Path jar, ClassLoader parent) {
        URLClassLoader loader = JarFactories.loaderOf(jar, parent);
        loaders.add(loader);
        return loader;
    }
}
