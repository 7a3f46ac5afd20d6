package dev.schemaop.connectors.postgres.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.types.DataTypes;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class LayoutDiffTest {
    private static final TableId T = TableId.tableId("public", "t");

    private static ColumnLayout column(int attnum, String name, String type) {
        return new ColumnLayout(attnum, name, type, "N", null, false);
    }

    private static TableLayout table(ColumnLayout... columns) {
        return new TableLayout(42, "public", "t", List.of(columns), List.of(), 0);
    }

    @Test
    void theSameAttnumUnderAnotherNameIsARenameNeverADropAndAnAdd() {
        assertThat(
                        LayoutDiff.between(
                                table(column(1, "id", "integer"), column(2, "a", "text")),
                                table(column(1, "id", "integer"), column(2, "b", "text"))))
                .containsExactly(new RenameColumnEvent(T, Map.of("a", "b")));
    }

    @Test
    void aDroppedNameTakenByARenameInOneStatementDropsFirst() {
        // ALTER TABLE t DROP a, RENAME ... is two statements in PostgreSQL; one layout may still
        // show a dropped attnum and a renamed one to its name
        assertThat(
                        LayoutDiff.between(
                                table(column(1, "a", "integer"), column(2, "b", "integer")),
                                table(column(2, "a", "bigint"))))
                .containsExactly(
                        new DropColumnEvent(T, List.of("a")),
                        new RenameColumnEvent(T, Map.of("b", "a")),
                        new AlterColumnTypeEvent(T, Map.of("a", DataTypes.BIGINT())));
    }

    @Test
    void aNewAttnumIsAddedAfterTheColumnBeforeIt() {
        assertThat(
                        LayoutDiff.between(
                                table(column(1, "id", "integer")),
                                table(
                                        column(1, "id", "integer"),
                                        column(3, "v", "character varying(20)"))))
                .containsExactly(
                        new AddColumnEvent(
                                T,
                                List.of(
                                        AddColumnEvent.after(
                                                Column.physicalColumn("v", DataTypes.VARCHAR(20)),
                                                "id"))));
    }

    @Test
    void theSameLayoutIsNoEvent() {
        TableLayout layout = table(column(1, "id", "integer"), column(2, "n", "numeric(10,2)"));
        assertThat(LayoutDiff.between(layout, layout)).isEmpty();
    }

    @Test
    void typesMapAsTheReadmeSays() {
        TableLayout t = table();
        assertThat(PostgresTypes.of(column(1, "a", "numeric"), t))
                .isEqualTo(DataTypes.DECIMAL(38, 18));
        assertThat(PostgresTypes.of(column(1, "a", "timestamp(3) with time zone"), t))
                .isEqualTo(DataTypes.TIMESTAMP_LTZ(3));
        assertThat(PostgresTypes.of(column(1, "a", "timestamp without time zone"), t))
                .isEqualTo(DataTypes.TIMESTAMP(6));
        assertThat(PostgresTypes.of(new ColumnLayout(1, "a", "integer[]", "A", "integer", true), t))
                .isEqualTo(DataTypes.ARRAY(DataTypes.INT()).notNull());
        assertThat(PostgresTypes.of(new ColumnLayout(1, "a", "mood", "E", null, false), t))
                .isEqualTo(DataTypes.STRING());
    }

    @Test
    void aTypeWithoutAMappingIsRefusedWithTheColumn() {
        Assertions.assertThatThrownBy(
                        () -> PostgresTypes.of(column(1, "span", "interval"), table()))
                .hasMessageContaining("Column span of public.t has the type interval");
    }
}
