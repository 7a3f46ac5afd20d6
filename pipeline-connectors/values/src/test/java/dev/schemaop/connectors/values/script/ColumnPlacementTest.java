package dev.schemaop.connectors.values.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AddColumnEvent.ColumnWithPosition;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

class ColumnPlacementTest {

    private static final TableId TABLE = TableId.tableId("db", "t");
    private static final Column X = Column.physicalColumn("x", DataTypes.INT());
    private static final Column Y = Column.physicalColumn("y", DataTypes.INT());

    private final ScriptPosition position = new ScriptPosition("s.yaml");
    private final ColumnPlacement placement =
            new ColumnPlacement(position, TABLE, List.of("a", "b"));

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({
        "last, LAST, ",
        "' LAST ', LAST, ",
        "first, FIRST, ",
        "after a, AFTER, a",
        "'AFTER   b', AFTER, b",
        "before b, BEFORE, b"
    })
    void readsEveryPositionKeyword(
            String where, AddColumnEvent.ColumnPosition expected, String neighbour) {
        ColumnWithPosition placed = placement.place(X, 1, text(where));
        assertThat(placed.getPosition()).isEqualTo(expected);
        assertThat(placed.getExistedColumnName()).isEqualTo(neighbour);
    }

    @Test
    void aMissingPositionIsLast() {
        assertThat(placement.place(X, 1, null)).isEqualTo(AddColumnEvent.last(X));
        assertThat(placement.place(Y, 2, JsonNodeFactory.instance.nullNode()))
                .isEqualTo(AddColumnEvent.last(Y));
    }

    @Test
    void aColumnMayBePlacedNextToOneAddedBeforeItInTheSameEvent() {
        placement.place(X, 1, text("first"));
        assertThat(placement.place(Y, 2, text("after x"))).isEqualTo(AddColumnEvent.after(Y, "x"));
    }

    @Test
    void rejectsANameTakenByTheTableOrByTheSameEvent() {
        position.nextEvent(3);
        assertThatThrownBy(() -> placement.place(column("a"), 1, null))
                .hasMessage(
                        "Invalid values script s.yaml, event #1 (line 3): column 'a' already"
                                + " exists in db.t");
        placement.place(X, 1, null);
        assertThatThrownBy(() -> placement.place(X, 2, null))
                .hasMessageEndingWith("column 'x' already exists in db.t");
    }

    @Test
    void rejectsAnUnknownNeighbourAndAnUnknownKeyword() {
        assertThatThrownBy(() -> placement.place(X, 2, text("before x")))
                .hasMessageEndingWith(
                        "column 2: position 'before x' names column 'x', which is not a column"
                                + " of db.t");
        assertThatThrownBy(() -> placement.place(X, 1, text("last a")))
                .hasMessageEndingWith(
                        "column 1: invalid position 'last a'; expected last, first, after"
                                + " <column> or before <column>");
    }

    private static Column column(String name) {
        return Column.physicalColumn(name, DataTypes.INT());
    }

    private static JsonNode text(String s) {
        return JsonNodeFactory.instance.textNode(s);
    }
}
