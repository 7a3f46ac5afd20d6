package dev.schemaop.connectors.values.script;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Which split a row belongs to: a stable function of its primary key. */
class SplitAssignmentTest {

    private static final String CREATE =
            "- type: create.table\n  table: db.t\n"
                    + "  columns: [{name: id, type: INT NOT NULL}, {name: v, type: STRING}]\n"
                    + "  primaryKeys: [id]\n";

    private static List<ScriptItem> rows(String script) {
        return ScriptParser.parse("split.yaml", script).getItems().stream()
                .filter(i -> i.getKind() == ScriptItem.Kind.DATA_CHANGE)
                .collect(Collectors.toList());
    }

    @Test
    void allChangesOfOneKeyBelongToOneSplit() {
        List<ScriptItem> rows =
                rows(
                        CREATE
                                + "- type: insert\n  table: db.t\n  rows: [[7, a], [8, b]]\n"
                                + "- type: update\n  table: db.t\n  before: [7, a]\n  after: [7, c]\n"
                                + "- type: delete\n  table: db.t\n  rows: [[7, c]]\n");
        ScriptItem insert7 = rows.get(0);
        for (int splits = 1; splits <= 7; splits++) {
            int split = ScriptItem.splitOf(insert7.getKeyHash(), splits);
            assertThat(rows.get(2).belongsTo(split, splits)).isTrue();
            assertThat(rows.get(3).belongsTo(split, splits)).isTrue();
            // and to no other split
            int owners = 0;
            for (int s = 0; s < splits; s++) {
                owners += insert7.belongsTo(s, splits) ? 1 : 0;
            }
            assertThat(owners).isEqualTo(1);
        }
    }

    @Test
    void theAssignmentIsStableAndSpreadsKeys() {
        StringBuilder script =
                new StringBuilder(CREATE + "- type: insert\n  table: db.t\n  rows:\n");
        for (int i = 1; i <= 8; i++) {
            script.append("    - [").append(i).append(", x]\n");
        }
        List<Integer> splitOfKey = new ArrayList<>();
        for (ScriptItem row : rows(script.toString())) {
            splitOfKey.add(ScriptItem.splitOf(row.getKeyHash(), 2));
        }
        // fixed across JVMs and runs: String.hashCode and a murmur finalizer only
        assertThat(splitOfKey).containsExactly(EXPECTED_SPLITS_OF_1_TO_8);
    }

    static final Integer[] EXPECTED_SPLITS_OF_1_TO_8 = {0, 1, 0, 1, 1, 0, 0, 0};

    @Test
    void equalNumbersOfDifferentWidthsAreTheSameKey() {
        List<ScriptItem> rows =
                rows(
                        "- type: create.table\n  table: a\n"
                                + "  columns: [{name: k, type: \"DECIMAL(10,2)\"}]\n  primaryKeys: [k]\n"
                                + "- type: create.table\n  table: b\n"
                                + "  columns: [{name: k, type: BIGINT NOT NULL}]\n  primaryKeys: [k]\n"
                                + "- type: insert\n  table: a\n  rows: [[\"12.00\"]]\n"
                                + "- type: insert\n  table: b\n  rows: [[12]]\n");
        assertThat(rows.get(0).getKeyHash()).isEqualTo(rows.get(1).getKeyHash());
    }

    @Test
    void aTableWithoutPrimaryKeyHashesAllValues() {
        List<ScriptItem> rows =
                rows(
                        "- type: create.table\n  table: t\n"
                                + "  columns: [{name: a, type: INT}, {name: b, type: STRING}]\n"
                                + "- type: insert\n  table: t\n  rows: [[1, x], [1, y], [1, x]]\n");
        assertThat(rows.get(0).getKeyHash()).isEqualTo(rows.get(2).getKeyHash());
        assertThat(rows.get(0).getKeyHash()).isNotEqualTo(rows.get(1).getKeyHash());
    }
}
