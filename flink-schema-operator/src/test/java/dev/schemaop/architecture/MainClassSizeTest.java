package dev.schemaop.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * No main class of the runtime or of a connector over 450 lines (issue 27): a class that grows past
 * it holds more than one job; split it along its concerns, as SchemaRegistry was.
 */
class MainClassSizeTest {
    static final int MAX_LINES = 450;

    static List<Path> mainSourceRoots() throws IOException {
        List<Path> roots = new ArrayList<>(List.of(Path.of("src/main/java")));
        try (Stream<Path> modules = Files.list(Path.of("../pipeline-connectors"))) {
            modules.map(module -> module.resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    .sorted()
                    .forEach(roots::add);
        }
        return roots;
    }

    @Test
    void noMainClassOfTheRuntimeOrAConnectorIsOver450Lines() throws IOException {
        List<Path> roots = mainSourceRoots();
        assertThat(roots).hasSizeGreaterThan(4);

        assertThat(MainClassSizes.over(MAX_LINES, roots))
                .as(
                        "main classes over %d lines: each holds more than one job; split it along"
                                + " its concerns into classes with names that say them",
                        MAX_LINES)
                .isEmpty();
    }

    @Test
    void aClassOf451LinesIsFound(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("Big.java"), "class Big {}\n" + "//\n".repeat(450));
        Files.writeString(root.resolve("Fits.java"), "class Fits {}\n" + "//\n".repeat(449));

        assertThat(MainClassSizes.over(MAX_LINES, List.of(root)))
                .containsExactly(root.resolve("Big.java") + ": 451 lines");
    }
}
