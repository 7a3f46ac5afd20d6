package dev.schemaop.e2e.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.launch.ConnectorKind;
import dev.schemaop.launch.FlinkCdcHome;
import dev.schemaop.launch.JobConnectors;
import dev.schemaop.launch.NamedConnector;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Only the connectors a pipeline names join its class path (issue 26): two pipelines of one run,
 * one into PostgreSQL and one into Paimon, each see their own sink's classes and not the other's;
 * the lib directory's jars join every pipeline, and a {@code --jar} comes before them.
 */
class ConnectorIsolationTest {
    private static final String VERSION = System.getProperty("project.version");
    private static final Path ROOT =
            Path.of(System.getProperty("repository.root")).toAbsolutePath().normalize();

    @TempDir Path lib;
    @TempDir Path elsewhere;

    private static List<NamedConnector> valuesInto(String sink) {
        return List.of(
                new NamedConnector(ConnectorKind.SOURCE, "values", "source"),
                new NamedConnector(ConnectorKind.SINK, sink, "sink"));
    }

    private FlinkCdcHome home() {
        return new FlinkCdcHome(ROOT, lib, true, false);
    }

    private static boolean sees(ClassLoader loader, String className) {
        try {
            Class.forName(className, false, loader);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    @Test
    void eachPipelineSeesTheConnectorsItNamesAndNoOther() throws Exception {
        FlinkCdcHome home = home();
        ClassLoader test = getClass().getClassLoader();
        try (JobConnectors intoPostgres =
                        JobConnectors.resolve(home, List.of(), valuesInto("postgres"), test);
                JobConnectors intoPaimon =
                        JobConnectors.resolve(home, List.of(), valuesInto("paimon"), test)) {
            assertThat(intoPostgres.jars())
                    .extracting(jar -> jar.getFileName().toString())
                    .containsExactlyInAnyOrder(
                            "flink-cdc-pipeline-connector-values-" + VERSION + ".jar",
                            "flink-cdc-pipeline-connector-jdbc-" + VERSION + ".jar");
            assertThat(
                            sees(
                                    intoPostgres.classLoader(),
                                    "dev.schemaop.connectors.jdbc.PostgresDataSinkFactory"))
                    .isTrue();
            assertThat(sees(intoPostgres.classLoader(), "org.apache.paimon.catalog.Catalog"))
                    .isFalse();
            assertThat(sees(intoPaimon.classLoader(), "org.apache.paimon.catalog.Catalog"))
                    .isTrue();
            // the test's own PostgreSQL client is on its class path: the connector's classes are
            // not
            assertThat(
                            sees(
                                    intoPaimon.classLoader(),
                                    "dev.schemaop.connectors.jdbc.PostgresDataSinkFactory"))
                    .isFalse();
            assertThat(sees(test, "org.apache.paimon.catalog.Catalog")).isFalse();
        }
    }

    @Test
    void aTypeThatExistsNowhereGetsEveryKnownType() {
        FlinkCdcHome home = home();

        assertThatThrownBy(
                        () ->
                                JobConnectors.resolve(
                                        home,
                                        List.of(),
                                        List.of(
                                                new NamedConnector(
                                                        ConnectorKind.SINK,
                                                        "nosuch",
                                                        "pipeline.yaml:5")),
                                        getClass().getClassLoader()))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "pipeline.yaml:5: no sink connector of type 'nosuch' was found. Available:"
                                + " [mariadb, paimon, postgres, values]. Pass the connector's jar"
                                + " with --jar, or fix 'type'.");
    }

    private static Path built(String module) {
        return ROOT.resolve(
                "pipeline-connectors/"
                        + module
                        + "/target/flink-cdc-pipeline-connector-"
                        + module
                        + "-"
                        + VERSION
                        + ".jar");
    }

    @Test
    void theLibDirectoryJoinsEveryPipelineAndProvidesItsTypes() throws Exception {
        Files.copy(built("values"), lib.resolve("values-in-lib.jar"));
        Files.copy(built("paimon"), lib.resolve("another-in-lib.jar"));
        Files.writeString(lib.resolve("README.md"), "not a jar: not loaded");

        try (JobConnectors intoPostgres =
                JobConnectors.resolve(
                        home(), List.of(), valuesInto("postgres"), getClass().getClassLoader())) {
            assertThat(intoPostgres.jars())
                    .as("values from lib/, so not from the project; every lib/ jar joins")
                    .containsExactly(
                            lib.resolve("another-in-lib.jar"),
                            lib.resolve("values-in-lib.jar"),
                            built("jdbc"));
        }
    }

    @Test
    void aJarPassedWithJarOverridesTheLibDirectorysJarOfTheSameType() throws Exception {
        Files.copy(built("values"), lib.resolve("values-in-lib.jar"));
        Files.copy(built("paimon"), lib.resolve("another-in-lib.jar"));
        Path passed = Files.copy(built("values"), elsewhere.resolve("values-passed.jar"));

        try (JobConnectors intoPostgres =
                JobConnectors.resolve(
                        home(),
                        List.of(passed),
                        valuesInto("postgres"),
                        getClass().getClassLoader())) {
            assertThat(intoPostgres.jars())
                    .as("one copy of the values connector: the one passed")
                    .containsExactly(passed, lib.resolve("another-in-lib.jar"), built("jdbc"));
            assertThat(
                            intoPostgres
                                    .classLoader()
                                    .loadClass(
                                            "dev.schemaop.connectors.values.ValuesDataSourceFactory")
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .getPath())
                    .endsWith("values-passed.jar");
        }
    }

    @Test
    void aTruncatedJarInTheLibDirectoryIsOneClearError() throws Exception {
        Files.writeString(lib.resolve("driver.jar"), "<html>404</html>");

        assertThatThrownBy(
                        () ->
                                JobConnectors.resolve(
                                        home(),
                                        List.of(),
                                        valuesInto("postgres"),
                                        getClass().getClassLoader()))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessageStartingWith(
                        lib.resolve("driver.jar")
                                + " (in the lib directory) is not a jar file: it cannot be read as"
                                + " a zip archive");
    }
}
