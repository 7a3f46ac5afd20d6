package dev.schemaop.connectors.values.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import org.apache.flink.cdc.common.schema.Schema;
import org.junit.jupiter.api.Test;

import java.time.Duration;

/** What a script may use of YAML: no anchors or aliases, and no size limit below the file's. */
class ScriptYamlTest {

    private static final String CREATE =
            "- type: create.table\n"
                    + "  table: db.t\n"
                    + "  columns: [{name: id, type: INT NOT NULL}, {name: who, type: STRING}]\n"
                    + "  primaryKeys: [id]\n";

    @Test
    void anAliasInARowIsRejectedRatherThanReadAsTheAnchorsName() {
        String text =
                CREATE + "- type: insert\n  table: db.t\n  rows: [[1, &who alice], [2, *who]]\n";
        assertThatThrownBy(() -> ScriptParser.parse("bad.yaml", text))
                .isInstanceOfSatisfying(
                        ScriptException.class, e -> assertThat(e.getLine()).isEqualTo(7))
                .hasMessage(
                        "Invalid values script bad.yaml (line 7): YAML aliases (*name) and anchors"
                                + " (&name) are not supported here (found the anchor &who); write"
                                + " the value out.");
    }

    @Test
    void anAliasWithoutItsAnchorIsNamedAsAnAlias() {
        String text = CREATE + "- type: insert\n  table: db.t\n  rows:\n    - [2, *who]\n";
        assertThatThrownBy(() -> ScriptParser.parse("bad.yaml", text))
                .isInstanceOf(ScriptException.class)
                .hasMessage(
                        "Invalid values script bad.yaml (line 8): YAML aliases (*name) and anchors"
                                + " (&name) are not supported here (found the alias *who); write"
                                + " the value out.");
    }

    @Test
    void anAliasedColumnListIsRejectedWithTheAliasRule() {
        String text =
                "- type: create.table\n"
                        + "  table: db.a\n"
                        + "  columns: &cols [{name: id, type: INT}]\n"
                        + "- type: create.table\n"
                        + "  table: db.b\n"
                        + "  columns: *cols\n";
        assertThatThrownBy(() -> ScriptParser.parse("cols.yaml", text))
                .isInstanceOf(ScriptException.class)
                .hasMessage(
                        "Invalid values script cols.yaml (line 3): YAML aliases (*name) and"
                                + " anchors (&name) are not supported here (found the anchor"
                                + " &cols); write the value out.");
    }

    @Test
    void anAliasBombEndsInOneClearErrorQuickly() {
        StringBuilder text =
                new StringBuilder("- &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (char c = 'b'; c <= 'i'; c++) {
            String previous = "*" + (char) (c - 1);
            text.append("- &").append(c).append(" [").append(previous);
            for (int i = 1; i < 9; i++) {
                text.append(", ").append(previous);
            }
            text.append("]\n");
        }
        assertTimeoutPreemptively(
                Duration.ofSeconds(10),
                () ->
                        assertThatThrownBy(() -> ScriptParser.parse("bomb.yaml", text.toString()))
                                .isInstanceOf(ScriptException.class)
                                .hasMessage(
                                        "Invalid values script bomb.yaml (line 1): YAML aliases"
                                                + " (*name) and anchors (&name) are not supported"
                                                + " here (found the anchor &a); write the value"
                                                + " out."));
    }

    @Test
    void ampersandsAndStarsInsideStringsAreValues() {
        ValuesScript script =
                ScriptParser.parse(
                        "ok.yaml",
                        CREATE
                                + "- type: insert\n  table: db.t\n  rows: [[1, \"&x *y\"], [2, a&b*c]]\n");
        assertThat(script.getItems()).hasSize(3);
        assertThat(ScriptParserTest.row(script.getItems().get(1), schemaOfT(script), false))
                .containsExactly(1, "&x *y");
        assertThat(ScriptParserTest.row(script.getItems().get(2), schemaOfT(script), false))
                .containsExactly(2, "a&b*c");
    }

    @Test
    void aScriptOfFiveMebibytesIsRead() {
        // long values: fewer rows to encode for the same size, so the test stays quick
        String padding = "x".repeat(80);
        StringBuilder text = new StringBuilder(CREATE);
        int rows = 0;
        while (text.length() < 5 * 1024 * 1024) {
            text.append("- type: insert\n  table: db.t\n  rows:\n");
            for (int i = 0; i < 1000; i++, rows++) {
                text.append("    - [").append(rows).append(", ").append(padding).append("]\n");
            }
        }
        assertThat(text.length()).isGreaterThan(5 * 1024 * 1024);

        ValuesScript script = ScriptParser.parse("big.yaml", text.toString());

        assertThat(script.getItems())
                .filteredOn(item -> item.getKind() == ScriptItem.Kind.DATA_CHANGE)
                .hasSize(rows);
        ScriptItem last = script.getItems().get(script.getItems().size() - 1);
        assertThat(ScriptParserTest.row(last, schemaOfT(script), false))
                .containsExactly(rows - 1, padding);
    }

    private static Schema schemaOfT(ValuesScript script) {
        return script.getInitialSchemas().values().iterator().next();
    }
}
