package dev.schemaop.launch;

import org.apache.flink.cdc.common.factories.Factory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The connectors of the binary distribution: every jar of {@code connectors/}, its types read from
 * its factories, each jar in a class loader of its own. A connector jar put there later is found by
 * type too; unlike one in {@code lib/}, it joins only the pipelines that name it. Of two jars with
 * one type the first by name is used.
 */
final class DistributionConnectors implements ProjectConnectors {
    private final Path home;
    private final Map<String, Path> jars = new TreeMap<>();

    DistributionConnectors(FlinkCdcHome home) {
        this.home = home.dir();
        Path dir = home.dir().resolve("connectors");
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path jar : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
                ConnectorJars.check(jar, jar.toString());
                scan(jar);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void scan(Path jar) throws IOException {
        try (URLClassLoader loader =
                new URLClassLoader(
                        new URL[] {jar.toUri().toURL()}, Factory.class.getClassLoader())) {
            for (Factory factory : JobConnectors.factories(List.of(), loader)) {
                if (factory.getClass().getClassLoader() != loader) {
                    continue;
                }
                for (ConnectorKind kind : ConnectorKind.values()) {
                    if (kind.serves(factory)) {
                        jars.putIfAbsent(key(kind, factory.identifier()), jar);
                    }
                }
            }
        }
    }

    private static String key(ConnectorKind kind, String type) {
        return kind.block() + "." + type;
    }

    @Override
    @Nullable
    public Path jarFor(ConnectorKind kind, String type) {
        return jars.get(key(kind, type));
    }

    @Override
    public List<String> types(ConnectorKind kind) {
        String prefix = kind.block() + ".";
        return jars.keySet().stream()
                .filter(key -> key.startsWith(prefix))
                .map(key -> key.substring(prefix.length()))
                .toList();
    }

    @Override
    public String whereIs(ConnectorKind kind, String type) {
        return home.relativize(jars.get(key(kind, type))).toString();
    }
}
