package dev.schemaop.launch;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.cdc.common.factories.Factory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** The connector factories a jar holds itself, each jar read in a class loader of its own. */
final class JarFactories {
    private static final String SERVICES = "META-INF/services/" + Factory.class.getName();

    private JarFactories() {}

    /** A class loader of this jar alone over {@code parent}. */
    static URLClassLoader loaderOf(Path jar, ClassLoader parent) {
        try {
            return new URLClassLoader(new URL[] {jar.toAbsolutePath().toUri().toURL()}, parent);
        } catch (MalformedURLException e) {
            throw new PipelineConfigException(jar + " is not a valid path.", e);
        }
    }

    /**
     * The factories the jar registers ({@code META-INF/services} of the jar itself, not of its
     * loader's parents), loaded through {@code loader}.
     */
    static List<Factory> definedBy(URLClassLoader loader, Path jar) {
        Set<String> registered = registeredIn(jar);
        List<Factory> own = new ArrayList<>();
        for (Factory factory : all(loader, jar.toString())) {
            if (registered.contains(factory.getClass().getName())) {
                own.add(factory);
            }
        }
        return own;
    }

    private static Set<String> registeredIn(Path jar) {
        Set<String> names = new HashSet<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry services = zip.getEntry(SERVICES);
            if (services == null) {
                return names;
            }
            try (BufferedReader lines =
                    new BufferedReader(
                            new InputStreamReader(
                                    zip.getInputStream(services), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    String name = line.replaceAll("#.*", "").strip();
                    if (!name.isEmpty()) {
                        names.add(name);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    /** {@code KIND.TYPE} of each factory of the jar, read and closed again. */
    static List<String> keysIn(Path jar, ClassLoader parent) {
        try (URLClassLoader loader = loaderOf(jar, parent)) {
            List<String> keys = new ArrayList<>();
            for (Factory factory : definedBy(loader, jar)) {
                for (ConnectorKind kind : ConnectorKind.values()) {
                    if (kind.serves(factory)) {
                        keys.add(kind.key(factory.identifier()));
                    }
                }
            }
            return keys;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every factory {@code loader} sees; {@code where} names what was loaded, for the message. */
    static List<Factory> all(ClassLoader loader, String where) {
        List<Factory> found = new ArrayList<>();
        try {
            for (Factory factory : ServiceLoader.load(Factory.class, loader)) {
                found.add(factory);
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            throw new PipelineConfigException(
                    String.format(
                            "A connector could not be loaded from %s: %s. Each connector jar must be"
                                    + " a connector built for Flink CDC 3.5; remove or replace the"
                                    + " one named.",
                            where, e.getMessage()),
                    e);
        }
        return found;
    }
}
