package dev.schemaop.connectors.values.script;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

class RowKeyHashTest {

    @Test
    void wideningTheKeyColumnKeepsTheHash() {
        int asInt = RowKeyHash.of(keyed(DataTypes.INT()), new Object[] {1, text("a")});
        int asBigint = RowKeyHash.of(keyed(DataTypes.BIGINT()), new Object[] {1L, text("a")});
        int asDecimal =
                RowKeyHash.of(
                        keyed(DataTypes.DECIMAL(10, 2)),
                        new Object[] {
                            DecimalData.fromBigDecimal(new BigDecimal("1.00"), 10, 2), text("a")
                        });
        assertThat(asBigint).isEqualTo(asInt);
        assertThat(asDecimal).isEqualTo(asInt);
    }

    @Test
    void onlyTheKeyCountsWhenTheTableHasOne() {
        Schema schema = keyed(DataTypes.INT());
        assertThat(RowKeyHash.of(schema, new Object[] {1, text("b")}))
                .isEqualTo(RowKeyHash.of(schema, new Object[] {1, text("a")}))
                .isNotEqualTo(RowKeyHash.of(schema, new Object[] {2, text("a")}));
    }

    @Test
    void everyValueCountsWhenTheTableHasNoKey() {
        Schema schema =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT())
                        .physicalColumn("v", DataTypes.STRING())
                        .build();
        assertThat(RowKeyHash.of(schema, new Object[] {1, text("b")}))
                .isNotEqualTo(RowKeyHash.of(schema, new Object[] {1, text("a")}));
        assertThat(RowKeyHash.of(schema, new Object[] {1, null}))
                .isEqualTo(RowKeyHash.of(schema, new Object[] {1, null}));
    }

    private static Schema keyed(DataType keyType) {
        return Schema.newBuilder()
                .physicalColumn("id", keyType.notNull())
                .physicalColumn("v", DataTypes.STRING())
                .primaryKey("id")
                .build();
    }

    private static BinaryStringData text(String s) {
        return BinaryStringData.fromString(s);
    }
}
