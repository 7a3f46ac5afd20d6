package dev.schemaop.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.registry.SchemaRegistry;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/**
 * The architecture of docs/ARCHITECTURE.md as rules of the build (issue 27): the packages in
 * layers, each using only the layers below it; no package cycle; the foundations ({@code protocol},
 * {@code codec}, {@code types}) free of the rest of the runtime; nothing of Flink CDC's runtime
 * operators, partitioning or composer (SPEC §1), however it is named.
 */
class ArchitectureTest {
    /**
     * Top to bottom; packages of one row may not use each other. {@code api}, {@code route}:
     * leaves.
     */
    static final List<List<String>> LAYERS =
            List.of(
                    List.of("cli"),
                    List.of("launch", "check"),
                    List.of("pipeline"),
                    List.of("operator", "sink"),
                    List.of("registry"),
                    List.of("history", "behavior", "expansion"),
                    List.of("merge"),
                    List.of("protocol", "types"),
                    List.of("codec"));

    static final List<String> LEAVES = List.of("api", "route");

    private static JavaClasses runtime;

    @BeforeAll
    static void importRuntime() {
        runtime =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("dev.schemaop");
    }

    /** Each package uses only the layers below its own, and the leaves. */
    static ArchRule layering() {
        LayeredArchitecture layers =
                layeredArchitecture().consideringOnlyDependenciesInAnyPackage("dev.schemaop..");
        for (List<String> row : LAYERS) {
            for (String name : row) {
                layers = layers.layer(name).definedBy("dev.schemaop." + name + "..");
            }
        }
        for (String leaf : LEAVES) {
            layers = layers.layer(leaf).definedBy("dev.schemaop." + leaf + "..");
        }
        List<String> above = new ArrayList<>();
        for (List<String> row : LAYERS) {
            for (String name : row) {
                layers =
                        above.isEmpty()
                                ? layers.whereLayer(name).mayNotBeAccessedByAnyLayer()
                                : layers.whereLayer(name)
                                        .mayOnlyBeAccessedByLayers(above.toArray(new String[0]));
            }
            above.addAll(row);
        }
        return layers.whereLayer("route")
                .mayOnlyAccessLayers("api")
                .whereLayer("api")
                .mayNotAccessAnyLayer()
                .because(
                        "a package may use only the packages below it (docs/ARCHITECTURE.md,"
                                + " \"Packages\"): cli, then launch and check, pipeline, the"
                                + " operator and the sink (which share only protocol), the"
                                + " registry, history/behavior/expansion, merge, protocol and"
                                + " types, codec; api and route are leaves. A dependency upwards"
                                + " or sideways makes a cycle the next feature tightens: move the"
                                + " class down, or pass what it needs in from above");
    }

    @Test
    void eachPackageUsesOnlyThePackagesBelowIt() {
        layering().check(runtime);
    }

    @Test
    void apiAndRouteAreLeaves() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.schemaop.api..", "dev.schemaop.route..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        LAYERS.stream()
                                .flatMap(List::stream)
                                .map(name -> "dev.schemaop." + name + "..")
                                .toArray(String[]::new))
                .because(
                        "api is what connectors compile against and route is used by every"
                                + " layer: neither may reach into the runtime's layers")
                .check(runtime);
    }

    @Test
    void theFoundationsDependOnNoOtherRuntimePackage() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "dev.schemaop.protocol..", "dev.schemaop.codec..", "dev.schemaop.types..")
                .should()
                .dependOnClassesThat(
                        DescribedPredicate.describe(
                                "a runtime package other than protocol, codec, types and api",
                                (JavaClass target) ->
                                        target.getPackageName().startsWith("dev.schemaop.")
                                                && !target.getPackageName()
                                                        .matches(
                                                                "dev\\.schemaop\\.(protocol|codec|types|api)(\\..*)?")))
                .because(
                        "protocol, codec and types are what the three parties share and what"
                                + " state is written in; a dependency on a party would tie them"
                                + " together again")
                .check(runtime);
    }

    @Test
    void thereIsNoPackageCycle() {
        slices().matching("dev.schemaop.(*)..")
                .should()
                .beFreeOfCycles()
                .because("packages in a cycle can only change together")
                .check(runtime);
    }

    static ArchRule noFlinkCdcOperators() {
        return noClasses()
                .that()
                .resideInAPackage("dev.schemaop..")
                .should()
                .dependOnClassesThat(
                        DescribedPredicate.describe(
                                "Flink CDC's runtime operators, partitioning or composer (but the"
                                        + " request and response messages of"
                                        + " operators.schema.common.event)",
                                ArchitectureTest::isFlinkCdcOperatorPart))
                .because(
                        "SPEC §1: the schema operator, registry, flush protocol, partitioning and"
                                + " composer are this project's own work; only Flink CDC's"
                                + " coordination request and response classes, which a"
                                + " connector's topology sends, may be used");
    }

    static boolean isFlinkCdcOperatorPart(JavaClass target) {
        String name = target.getName();
        if (name.startsWith("org.apache.flink.cdc.runtime.operators.schema.common.event.")) {
            String simple = target.getSimpleName();
            return !(simple.endsWith("Request") || simple.endsWith("Response"));
        }
        return name.startsWith("org.apache.flink.cdc.runtime.operators.")
                || name.startsWith("org.apache.flink.cdc.runtime.partitioning.")
                || name.startsWith("org.apache.flink.cdc.composer.");
    }

    @Test
    void nothingOfFlinkCdcsOperatorsPartitioningOrComposer() {
        noFlinkCdcOperators().check(runtime);
    }

    /** The rules catch what they are for: a planted class reaching up, by fully qualified names. */
    @Test
    void theRulesCatchAPlantedUpwardDependency() throws ClassNotFoundException {
        JavaClasses planted =
                new ClassFileImporter()
                        .importClasses(
                                Class.forName("dev.schemaop.codec.PlantedUpwardDependency"),
                                SchemaRegistry.class);

        assertThatThrownBy(() -> layering().check(planted))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("PlantedUpwardDependency.upward()")
                .hasMessageContaining("dev.schemaop.registry.SchemaRegistry");
        assertThatThrownBy(() -> noFlinkCdcOperators().check(planted))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("PlantedUpwardDependency.flinkCdcOperator()");
    }
}
