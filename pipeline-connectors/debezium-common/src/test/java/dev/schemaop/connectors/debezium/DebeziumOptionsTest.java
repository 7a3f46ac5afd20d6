package dev.schemaop.connectors.debezium;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.debezium.DebeziumOptions.Refusal;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class DebeziumOptionsTest {
    private static final List<Refusal> REFUSALS =
            List.of(
                    new Refusal(
                            DebeziumOptions.prefixes("snapshot."),
                            "the source takes its own snapshot",
                            "use scan.startup.mode"),
                    new Refusal(
                            DebeziumOptions.under("converters"),
                            "the source reads its own value forms",
                            "leave them"));

    @Test
    void passesTheOthersWithoutTheirPrefix() {
        Map<String, String> options =
                DebeziumOptions.of(
                        Map.of(
                                "hostname", "db",
                                "debezium.max.batch.size", "100",
                                "debezium.converters2", "x"),
                        "mariadb",
                        REFUSALS);

        assertThat(options)
                .containsExactly(Map.entry("converters2", "x"), Map.entry("max.batch.size", "100"));
    }

    @Test
    void refusesTheFirstRefusedOptionByNameWithWhyAndWhatInstead() {
        assertThatThrownBy(
                        () ->
                                DebeziumOptions.of(
                                        Map.of(
                                                "debezium.snapshot.mode", "never",
                                                "debezium.converters.a.type", "x"),
                                        "postgres",
                                        REFUSALS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Option 'debezium.converters.a.type' of the postgres source cannot be"
                                + " passed to Debezium: the source reads its own value forms."
                                + " Remove it; leave them.");
    }
}
