package dev.schemaop.connectors.postgres.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.junit.jupiter.api.Test;

class TableRowsTest {
    private static final TableId TABLE = TableId.tableId("app", "orders");
    private static final Schema SCHEMA =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("note", DataTypes.STRING())
                    .physicalColumn("qty", DataTypes.BIGINT())
                    .primaryKey("id")
                    .build();

    private final TableRows rows = new TableRows(TABLE, SCHEMA);

    @Test
    void fillsColumnsByNameWhateverTheStructsFieldOrder() {
        org.apache.kafka.connect.data.Schema connect =
                SchemaBuilder.struct()
                        .field("qty", SchemaBuilder.OPTIONAL_INT64_SCHEMA)
                        .field("id", SchemaBuilder.INT32_SCHEMA)
                        .field("note", SchemaBuilder.OPTIONAL_STRING_SCHEMA)
                        .build();
        RecordData first =
                rows.row(new Struct(connect).put("id", 1).put("note", "a").put("qty", 7L));
        RecordData second = rows.row(new Struct(connect).put("id", 2).put("qty", 8L));

        assertThat(first.getInt(0)).isEqualTo(1);
        assertThat(first.getString(1).toString()).isEqualTo("a");
        assertThat(first.getLong(2)).isEqualTo(7L);
        assertThat(second.getInt(0)).isEqualTo(2);
        assertThat(second.isNullAt(1)).isTrue();
        assertThat(second.getLong(2)).isEqualTo(8L);
    }

    @Test
    void aStructWithoutAColumnLeavesItNull() {
        org.apache.kafka.connect.data.Schema connect =
                SchemaBuilder.struct().field("id", SchemaBuilder.INT32_SCHEMA).build();

        RecordData row = rows.row(new Struct(connect).put("id", 3));

        assertThat(row.getInt(0)).isEqualTo(3);
        assertThat(row.isNullAt(1)).isTrue();
        assertThat(row.isNullAt(2)).isTrue();
    }

    @Test
    void aColumnThePipelineWasNotToldOfEndsTheJobNamingIt() {
        org.apache.kafka.connect.data.Schema connect =
                SchemaBuilder.struct()
                        .field("id", SchemaBuilder.INT32_SCHEMA)
                        .field("extra", SchemaBuilder.OPTIONAL_STRING_SCHEMA)
                        .build();

        assertThatThrownBy(() -> rows.row(new Struct(connect).put("id", 1).put("extra", "x")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("A row of app.orders has the column extra")
                .hasMessageContaining("[id, note, qty]");
    }

    @Test
    void theKeyImageKeepsOnlyTheKey() {
        org.apache.kafka.connect.data.Schema connect =
                SchemaBuilder.struct()
                        .field("id", SchemaBuilder.INT32_SCHEMA)
                        .field("note", SchemaBuilder.OPTIONAL_STRING_SCHEMA)
                        .field("qty", SchemaBuilder.OPTIONAL_INT64_SCHEMA)
                        .build();
        RecordData after =
                rows.row(new Struct(connect).put("id", 5).put("note", "n").put("qty", 9L));

        RecordData key = rows.keyOf(after);

        assertThat(key.getInt(0)).isEqualTo(5);
        assertThat(key.isNullAt(1)).isTrue();
        assertThat(key.isNullAt(2)).isTrue();
    }
}
