package dev.schemaop.e2e.distribution;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The project's connectors use of the runtime only its {@code api} package (issue 27, SPEC §1): a
 * connector is built against Flink CDC's API and that package alone, so it runs on any runtime that
 * provides them, and the runtime can change inside without breaking it.
 */
class ConnectorDependenciesTest {
    private static final Path ROOT =
            Path.of(System.getProperty("repository.root")).toAbsolutePath().normalize();

    @Test
    void connectorsUseOnlyTheRuntimesApi() throws IOException {
        List<Path> classes;
        try (Stream<Path> modules = Files.list(ROOT.resolve("pipeline-connectors"))) {
            classes =
                    modules.map(module -> module.resolve("target/classes"))
                            .filter(Files::isDirectory)
                            .sorted()
                            .toList();
        }
        // five connector modules and the library two of them share (debezium-common)
        assertThat(classes).hasSize(6);
        JavaClasses connectors = new ClassFileImporter().importPaths(classes);

        noClasses()
                .that()
                .resideInAPackage("dev.schemaop.connectors..")
                .should()
                .dependOnClassesThat(
                        DescribedPredicate.describe(
                                "the runtime's classes outside its api package",
                                (JavaClass target) ->
                                        target.getPackageName().startsWith("dev.schemaop.")
                                                && !target.getPackageName()
                                                        .startsWith("dev.schemaop.api")
                                                && !target.getPackageName()
                                                        .startsWith("dev.schemaop.connectors")))
                .because(
                        "a connector is built against Flink CDC's API and the runtime's api"
                                + " package alone (SPEC §1); anything else of the runtime ties"
                                + " it to this runtime's insides")
                .check(connectors);
    }
}
