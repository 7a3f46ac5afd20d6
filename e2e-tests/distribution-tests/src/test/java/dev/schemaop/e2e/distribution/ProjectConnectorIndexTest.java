package dev.schemaop.e2e.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.launch.ConnectorCatalog;
import dev.schemaop.launch.ConnectorCatalog.Entry;
import dev.schemaop.launch.ConnectorCatalog.Origin;
import dev.schemaop.launch.FlinkCdcHome;

import org.apache.flink.cdc.common.factories.Factory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The runtime's index of the project's connectors (project-connectors.properties) names every
 * factory of every module under pipeline-connectors, and each from the module whose jar has it: a
 * connector module added later is found by type once it is listed, and this fails until it is.
 */
class ProjectConnectorIndexTest {
    private static final Path ROOT =
            Path.of(System.getProperty("repository.root")).toAbsolutePath().normalize();

    @Test
    void everyFactoryOfEveryConnectorModuleIsIndexedUnderItsModule() throws Exception {
        TreeSet<String> declared = new TreeSet<>();
        try (Stream<Path> modules = Files.list(ROOT.resolve("pipeline-connectors"))) {
            for (Path module : modules.filter(ProjectConnectorIndexTest::isConnector).toList()) {
                Path services =
                        module.resolve(
                                "src/main/resources/META-INF/services/" + Factory.class.getName());
                assertThat(services).as("module %s declares its factories", module).exists();
                for (String factory : Files.readAllLines(services)) {
                    if (!factory.isBlank() && !factory.startsWith("#")) {
                        declared.add(module.getFileName() + " " + factory.strip());
                    }
                }
            }
        }

        TreeSet<String> indexed = new TreeSet<>();
        try (ConnectorCatalog catalog =
                ConnectorCatalog.of(
                        new FlinkCdcHome(ROOT, ROOT.resolve("no-lib"), true, false),
                        List.of(),
                        getClass().getClassLoader())) {
            for (Entry entry : catalog.entries()) {
                assertThat(entry.origin()).isEqualTo(Origin.PROJECT);
                Factory factory = catalog.factoryOf(entry);
                String module =
                        Path.of(
                                        factory.getClass()
                                                .getProtectionDomain()
                                                .getCodeSource()
                                                .getLocation()
                                                .toURI())
                                .getParent()
                                .getParent()
                                .getFileName()
                                .toString();
                indexed.add(module + " " + factory.getClass().getName());
            }
        }

        assertThat(indexed).containsExactlyElementsOf(declared);
    }

    /**
     * A connector module: its artifact is flink-cdc-pipeline-connector-*, not a library the
     * connectors share (debezium-common).
     */
    private static boolean isConnector(Path module) {
        Path pom = module.resolve("pom.xml");
        if (!Files.isRegularFile(pom)) {
            return false;
        }
        try {
            String text = Files.readString(pom);
            String own = text.substring(text.indexOf("</parent>"));
            int start = own.indexOf("<artifactId>") + "<artifactId>".length();
            return own.substring(start, own.indexOf("</artifactId>", start))
                    .startsWith("flink-cdc-pipeline-connector-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
