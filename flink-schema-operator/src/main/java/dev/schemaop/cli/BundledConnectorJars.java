package dev.schemaop.cli;

import dev.schemaop.pipeline.PipelineConnectors;

import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The jars of the pipeline's connectors that the command line found on its own class path rather
 * than through {@code --jar}, the lib directory or their type (a test's class path, a launcher of
 * one's own). A cluster has none of them, so a job submitted to one ships them beside the others;
 * otherwise its JobManager fails to start it ({@code ClassNotFoundException}).
 */
final class BundledConnectorJars {
    private BundledConnectorJars() {}

    /**
     * The jars to ship besides {@code shipped} (URIs of the jars the job already carries), as URIs;
     * a connector loaded from a directory of classes, which cannot be shipped, gets a warning.
     */
    static List<String> toShip(
            PipelineConnectors connectors, List<String> shipped, PrintStream err) {
        Set<Path> carried = new LinkedHashSet<>();
        for (String jar : shipped) {
            carried.add(Path.of(URI.create(jar)).toAbsolutePath().normalize());
        }
        List<String> more = new ArrayList<>();
        for (Object connector : List.of(connectors.source(), connectors.sink())) {
            Path from = location(connector.getClass());
            if (from == null || carried.contains(from)) {
                continue;
            }
            if (Files.isRegularFile(from)) {
                carried.add(from);
                more.add(from.toUri().toString());
            } else {
                err.println(
                        "Warning: the connector "
                                + connector.getClass().getName()
                                + " is loaded from "
                                + from
                                + ", a directory, which cannot be shipped to the cluster: pass"
                                + " its jar with --jar.");
            }
        }
        return more;
    }

    private static Path location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null; // the JDK's own classes
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null; // not a file: nothing to ship
        }
    }
}
