package dev.schemaop.e2e.sinkv2;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * The jar that registers the {@code sinkv2-test} connector for {@code --jar}; the runs go through
 * {@link PipelineRun}.
 */
final class TestConnectorJar {
    private static final String SERVICES =
            "META-INF/services/org.apache.flink.cdc.common.factories.Factory";

    private TestConnectorJar() {}

    /**
     * A jar holding only the {@code sinkv2-test} connector's service registration, for {@code
     * --jar}; its classes come from the test class path. Registered on the class path itself, the
     * connector would join the list of available sinks that other tests' error messages print.
     */
    static Path in(Path dir) throws IOException {
        Path jar = dir.resolve("sinkv2-test-connector.jar");
        try (InputStream services =
                        TestConnectorJar.class.getResourceAsStream(
                                "/sinkv2-connector/" + SERVICES);
                OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry(SERVICES));
            services.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }
}
