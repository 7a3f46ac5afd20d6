package dev.schemaop.connectors.postgres.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.postgres.catalog.ColumnLayout;
import dev.schemaop.connectors.postgres.catalog.TableLayout;
import dev.schemaop.connectors.postgres.values.ToastPlaceholder;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.junit.jupiter.api.Test;

import java.util.List;

class TableRowsTest {
    private static final TableLayout LAYOUT =
            new TableLayout(
                    16384,
                    "app",
                    "orders",
                    List.of(
                            new ColumnLayout(1, "id", "integer", "N", null, true),
                            new ColumnLayout(2, "note", "text", "S", null, false),
                            new ColumnLayout(4, "qty", "bigint", "N", null, false)),
                    List.of("id"),
                    0);

    /** Debezium's row schema of the table, in the table's order. */
    private static final Schema TABLE_SCHEMA =
            SchemaBuilder.struct()
                    .field("id", SchemaBuilder.INT32_SCHEMA)
                    .field("note", SchemaBuilder.OPTIONAL_STRING_SCHEMA)
                    .field("qty", SchemaBuilder.OPTIONAL_INT64_SCHEMA)
                    .build();

    private final TableRows rows = new TableRows(LAYOUT);

    @Test
    void fillsColumnsByNameWhateverTheStructsFieldOrder() {
        Schema connect =
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
        Schema connect = SchemaBuilder.struct().field("id", SchemaBuilder.INT32_SCHEMA).build();

        RecordData row = rows.row(new Struct(connect).put("id", 3));

        assertThat(row.getInt(0)).isEqualTo(3);
        assertThat(row.isNullAt(1)).isTrue();
        assertThat(row.isNullAt(2)).isTrue();
    }

    @Test
    void aColumnThePipelineWasNotToldOfEndsTheJobNamingIt() {
        Schema connect =
                SchemaBuilder.struct()
                        .field("id", SchemaBuilder.INT32_SCHEMA)
                        .field("extra", SchemaBuilder.OPTIONAL_STRING_SCHEMA)
                        .build();

        assertThatThrownBy(() -> rows.row(new Struct(connect).put("id", 1).put("extra", "x")))
                .isInstanceOf(NonRecoverableException.class)
                .hasMessageContaining("A row of app.orders has the column extra")
                .hasMessageContaining("[id, note, qty]");
    }

    @Test
    void theKeyImageKeepsOnlyTheKey() {
        Schema connect = TABLE_SCHEMA;
        RecordData after =
                rows.row(new Struct(connect).put("id", 5).put("note", "n").put("qty", 9L));

        RecordData key = rows.keyOf(after);

        assertThat(key.getInt(0)).isEqualTo(5);
        assertThat(key.isNullAt(1)).isTrue();
        assertThat(key.isNullAt(2)).isTrue();
    }

    @Test
    void anUnloggedLargeValueIsTakenFromTheBeforeImageOfAWholeRowIdentity() throws Exception {
        Schema connect = TABLE_SCHEMA;
        Struct before = new Struct(connect).put("id", 5).put("note", "long text").put("qty", 1L);
        Struct after =
                new Struct(connect).put("id", 5).put("note", ToastPlaceholder.TEXT).put("qty", 2L);

        try (UnloggedValues neverAsked = new UnloggedValues(null)) {
            RecordData row = rows.after(after, before, true, neverAsked);

            assertThat(row.getString(1).toString()).isEqualTo("long text");
            assertThat(row.getLong(2)).isEqualTo(2L);
        }
    }
}
