package dev.schemaop.connectors.values.script;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.Map;

class TableSchemasTest {

    private static final TableId T = TableId.tableId("db", "t");
    private static final Schema ONE_COLUMN =
            Schema.newBuilder().physicalColumn("a", DataTypes.INT()).build();
    private static final Schema TWO_COLUMNS =
            Schema.newBuilder()
                    .physicalColumn("a", DataTypes.INT())
                    .physicalColumn("b", DataTypes.STRING())
                    .build();

    private final TableSchemas tables = new TableSchemas();

    @Test
    void aChangedTableGetsAGeneratorForItsNewSchema() {
        tables.create(T, ONE_COLUMN);
        tables.change(T, TWO_COLUMNS);
        assertThat(tables.schemaOf(T)).isEqualTo(TWO_COLUMNS);
        assertThat(tables.generatorOf(T).generate(new Object[] {1, null}).getArity()).isEqualTo(2);
    }

    @Test
    void aTableCreatedAgainAfterADropKeepsItsFirstSchemaAsInitial() {
        tables.create(T, ONE_COLUMN);
        tables.drop(T);
        assertThat(tables.exists(T)).isFalse();
        assertThat(tables.generatorOf(T)).isNull();
        tables.create(T, TWO_COLUMNS);
        assertThat(tables.schemaOf(T)).isEqualTo(TWO_COLUMNS);
        assertThat(tables.initialSchemas()).containsExactly(Map.entry(T, ONE_COLUMN));
    }
}
