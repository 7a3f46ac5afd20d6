package dev.schemaop.launch;

import org.apache.flink.cdc.common.factories.Factory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
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
 * one type the first by name is used (a WARN names both).
 */
final class DistributionConnectors implements ProjectConnectors {
    private static final Logger LOG = LoggerFactory.getLogger(DistributionConnectors.class);

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
                ConnectorJars.check(
                        jar,
                        jar.toString(),
                        "Replace or remove it; unpack the distribution again for its own.");
                scan(jar);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void scan(Path jar) {
        for (String key : JarFactories.keysIn(jar, Factory.class.getClassLoader())) {
            Path first = jars.putIfAbsent(key, jar);
            if (first != null && !first.equals(jar)) {
                LOG.warn(
                        "Two jars of {} have connector {}: {} is used, not {}.",
                        home.resolve("connectors"),
                        key,
                        first.getFileName(),
                        jar.getFileName());
            }
        }
    }

    @Override
    @Nullable
    public Path jarFor(ConnectorKind kind, String type) {
        return jars.get(kind.key(type));
    }

    @Override
    public List<String> types(ConnectorKind kind) {
        return kind.typesAmong(jars.keySet());
    }

    @Override
    public String whereIs(ConnectorKind kind, String type) {
        return home.relativize(jars.get(kind.key(type))).toString();
    }
}
