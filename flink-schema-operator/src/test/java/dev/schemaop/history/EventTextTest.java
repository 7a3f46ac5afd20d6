package dev.schemaop.history;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class EventTextTest {
    private static final TableId T = TableId.tableId("db", "t");

    @Test
    void eachChangeInAFewWords() {
        Schema schema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("v", DataTypes.VARCHAR(5))
                        .primaryKey("id")
                        .build();
        assertThat(EventText.brief(new CreateTableEvent(T, schema)))
                .isEqualTo("create (id INT NOT NULL, v VARCHAR(5)) key (id)");
        assertThat(
                        EventText.brief(
                                new AddColumnEvent(
                                        T,
                                        List.of(
                                                new AddColumnEvent.ColumnWithPosition(
                                                        Column.physicalColumn(
                                                                "a", DataTypes.INT())),
                                                new AddColumnEvent.ColumnWithPosition(
                                                        Column.physicalColumn("b", DataTypes.INT()),
                                                        AddColumnEvent.ColumnPosition.AFTER,
                                                        "id"),
                                                new AddColumnEvent.ColumnWithPosition(
                                                        Column.physicalColumn("c", DataTypes.INT()),
                                                        AddColumnEvent.ColumnPosition.FIRST,
                                                        null)))))
                .isEqualTo("add a INT, add b INT after id, add c INT first");
        assertThat(
                        EventText.brief(
                                new AlterColumnTypeEvent(
                                        T,
                                        Map.of("v", DataTypes.VARCHAR(9)),
                                        Map.of("v", DataTypes.VARCHAR(5)))))
                .isEqualTo("alter v VARCHAR(5) -> VARCHAR(9)");
        assertThat(EventText.brief(new RenameColumnEvent(T, Map.of("v", "w"))))
                .isEqualTo("rename v -> w");
        assertThat(EventText.brief(new DropColumnEvent(T, List.of("v", "w"))))
                .isEqualTo("drop v, w");
        assertThat(EventText.brief(new TruncateTableEvent(T))).isEqualTo("truncate");
        assertThat(EventText.brief(new DropTableEvent(T))).isEqualTo("drop table");
    }
}
