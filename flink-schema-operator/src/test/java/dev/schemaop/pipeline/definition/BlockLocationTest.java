package dev.schemaop.pipeline.definition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.Map;

class BlockLocationTest {
    private final BlockLocation sink =
            new BlockLocation(
                    "p.yaml:4",
                    Map.of(
                            "type", "p.yaml:5",
                            "output.path", "p.yaml:6",
                            "path", "p.yaml:7",
                            "splits", "p.yaml:8"));

    @Test
    void aMessageNamingAnOptionPointsAtThatOptionsLine() {
        assertThat(sink.ofKeyNamedIn("Option 'splits' of the values source must be at least 1"))
                .isEqualTo("p.yaml:8");
    }

    @Test
    void theOptionNamedFirstWins() {
        assertThat(
                        sink.ofKeyNamedIn(
                                "Unsupported options:\n\noutput.path\n\nSupported options:\n\n"
                                        + "splits\ntype"))
                .isEqualTo("p.yaml:6");
    }

    @Test
    void aKeyInsideALongerKeyIsNotNamed() {
        assertThat(sink.ofKeyNamedIn("'output.path' is a directory")).isEqualTo("p.yaml:6");
        assertThat(sink.ofKeyNamedIn("the path is wrong")).isEqualTo("p.yaml:7");
        assertThat(sink.ofKeyNamedIn("bad classpath entry")).isEqualTo("p.yaml:4");
    }

    @Test
    void aMessageNamingNoOptionPointsAtTheBlock() {
        assertThat(sink.ofKeyNamedIn("the server refused the connection")).isEqualTo("p.yaml:4");
    }

    @Test
    void aUrlParameterOfTheSameNameIsNotTheOption() {
        BlockLocation jdbc =
                new BlockLocation("p.yaml:4", Map.of("url", "p.yaml:6", "password", "p.yaml:8"));

        assertThat(
                        jdbc.ofKeyNamedIn(
                                "cannot connect at jdbc:mariadb://h:1/?password=***: check the url"))
                .isEqualTo("p.yaml:6");
    }
}
