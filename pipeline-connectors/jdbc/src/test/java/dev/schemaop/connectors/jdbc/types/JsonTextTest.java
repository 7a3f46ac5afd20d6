package dev.schemaop.connectors.jdbc.types;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.GenericArrayData;
import org.apache.flink.cdc.common.data.GenericMapData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

class JsonTextTest {

    @Test
    void arraysMapsAndRowsBecomeJson() {
        assertThat(
                        JsonText.write(
                                new GenericArrayData(new Object[] {1, null, 3}),
                                DataTypes.ARRAY(DataTypes.INT())))
                .isEqualTo("[1,null,3]");
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put(BinaryStringData.fromString("a\"b"), 1.5d);
        map.put(BinaryStringData.fromString("c"), Double.NaN);
        assertThat(
                        JsonText.write(
                                new GenericMapData(map),
                                DataTypes.MAP(DataTypes.STRING(), DataTypes.DOUBLE())))
                .isEqualTo("{\"a\\\"b\":1.5,\"c\":\"NaN\"}");
        DataType row =
                DataTypes.ROW(
                        DataTypes.FIELD("n", DataTypes.INT()),
                        DataTypes.FIELD("s", DataTypes.STRING()),
                        DataTypes.FIELD("bin", DataTypes.BYTES()));
        Object value =
                new BinaryRecordDataGenerator(
                                new DataType[] {
                                    DataTypes.INT(), DataTypes.STRING(), DataTypes.BYTES()
                                })
                        .generate(
                                new Object[] {
                                    7, BinaryStringData.fromString("line\nbreak"), new byte[] {1, 2}
                                });
        assertThat(JsonText.write(value, row))
                .isEqualTo("{\"n\":7,\"s\":\"line\\nbreak\",\"bin\":\"AQI=\"}");
    }

    @Test
    void decimalsKeepTheirScaleAndANulCharacterIsTold() {
        assertThat(
                        JsonText.write(
                                new GenericArrayData(
                                        new Object[] {
                                            DecimalData.fromBigDecimal(
                                                    new BigDecimal("1.50E+3"), 10, 2)
                                        }),
                                DataTypes.ARRAY(DataTypes.DECIMAL(10, 2))))
                .isEqualTo("[1500.00]");
        String nul =
                JsonText.write(
                        new GenericArrayData(
                                new Object[] {BinaryStringData.fromString("a\u0000b")}),
                        DataTypes.ARRAY(DataTypes.STRING()));
        String backslashText =
                JsonText.write(
                        new GenericArrayData(
                                new Object[] {BinaryStringData.fromString("a\\u0000b")}),
                        DataTypes.ARRAY(DataTypes.STRING()));
        assertThat(new JsonText(nul).holdsNulCharacter()).isTrue();
        assertThat(new JsonText(backslashText).holdsNulCharacter()).isFalse();
    }
}
