package dev.schemaop.connectors.values.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class EventListReaderTest {

    private final ScriptPosition position = new ScriptPosition("s.yaml");
    private final List<String> seen = new ArrayList<>();

    @Test
    void handsOnEveryEventOfATopLevelListWithItsNumberAndLine() {
        read("- checkpoint\n\n- {type: insert}\n");
        assertThat(seen).containsExactly("#1 L1 \"checkpoint\"", "#2 L3 {\"type\":\"insert\"}");
    }

    @Test
    void handsOnTheEventsOfTheEventsKey() {
        read("# a comment\nevents:\n  - checkpoint\n  - type: checkpoint\n");
        assertThat(seen).containsExactly("#1 L3 \"checkpoint\"", "#2 L4 {\"type\":\"checkpoint\"}");
    }

    @Test
    void rejectsADocumentThatIsNotAListOfEvents() {
        assertThatThrownBy(() -> read("events: 5\n"))
                .hasMessage(
                        "Invalid values script s.yaml (line 1): 'events' must be a list of"
                                + " events");
        assertThatThrownBy(() -> read("{}"))
                .hasMessage(
                        "Invalid values script s.yaml (line 1): missing key 'events' (a list of"
                                + " events)");
        assertThatThrownBy(() -> read("5"))
                .hasMessage(
                        "Invalid values script s.yaml (line 1): expected a list of events or a"
                                + " mapping with key 'events'");
    }

    @Test
    void invalidYamlCarriesTheEventBeingRead() {
        assertThatThrownBy(() -> read("- checkpoint\n- [1, 2\n"))
                .isInstanceOfSatisfying(
                        ScriptException.class,
                        e -> {
                            assertThat(e.getMessage())
                                    .startsWith("Invalid values script s.yaml: not valid YAML");
                            assertThat(e.getEventNumber()).isEqualTo(2);
                        });
    }

    private void read(String text) {
        new EventListReader(position)
                .read(
                        text,
                        (JsonNode event) ->
                                seen.add(
                                        "#"
                                                + position.eventNumber()
                                                + " L"
                                                + position.line()
                                                + " "
                                                + event));
    }
}
