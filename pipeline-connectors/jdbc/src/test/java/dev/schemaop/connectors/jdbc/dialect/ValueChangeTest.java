package dev.schemaop.connectors.jdbc.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

/** Which stored values a column type change must look for, per pair of types. */
class ValueChangeTest {

    private record Case(DataType from, DataType to, ValueChange expected) {}

    private static Case of(DataType from, DataType to, ValueChange expected) {
        return new Case(from, to, expected);
    }

    @Test
    void eachPairOfTypesHasItsKindOfChange() {
        List<Case> cases =
                List.of(
                        // text: the length
                        of(DataTypes.VARCHAR(20), DataTypes.VARCHAR(5), ValueChange.LENGTH),
                        of(DataTypes.VARCHAR(5), DataTypes.VARCHAR(20), ValueChange.NONE),
                        of(DataTypes.STRING(), DataTypes.VARCHAR(20), ValueChange.LENGTH),
                        of(DataTypes.VARCHAR(20), DataTypes.STRING(), ValueChange.NONE),
                        of(DataTypes.CHAR(3), DataTypes.VARCHAR(3), ValueChange.NONE),
                        of(DataTypes.VARCHAR(3), DataTypes.CHAR(3), ValueChange.LENGTH),
                        of(DataTypes.CHAR(3), DataTypes.CHAR(5), ValueChange.NONE),
                        of(DataTypes.INT(), DataTypes.VARCHAR(11), ValueChange.LENGTH),
                        of(DataTypes.INT(), DataTypes.STRING(), ValueChange.NONE),
                        of(DataTypes.BYTES(), DataTypes.STRING(), ValueChange.ROUND_TRIP),
                        // binary: the length, BINARY(n) pads
                        of(DataTypes.BYTES(), DataTypes.VARBINARY(4), ValueChange.BINARY_LENGTH),
                        of(DataTypes.VARBINARY(4), DataTypes.VARBINARY(8), ValueChange.NONE),
                        of(DataTypes.BINARY(4), DataTypes.VARBINARY(4), ValueChange.NONE),
                        of(DataTypes.BINARY(4), DataTypes.BINARY(8), ValueChange.BINARY_LENGTH),
                        of(DataTypes.VARBINARY(4), DataTypes.BYTES(), ValueChange.NONE),
                        of(DataTypes.STRING(), DataTypes.BYTES(), ValueChange.ROUND_TRIP),
                        // decimals: scale and integer digits
                        of(
                                DataTypes.DECIMAL(12, 4),
                                DataTypes.DECIMAL(10, 2),
                                ValueChange.DECIMAL_DIGITS),
                        of(DataTypes.DECIMAL(10, 2), DataTypes.DECIMAL(12, 4), ValueChange.NONE),
                        of(
                                DataTypes.DECIMAL(10, 2),
                                DataTypes.DECIMAL(10, 4),
                                ValueChange.DECIMAL_DIGITS),
                        of(DataTypes.INT(), DataTypes.DECIMAL(10, 0), ValueChange.NONE),
                        of(DataTypes.INT(), DataTypes.DECIMAL(11, 2), ValueChange.DECIMAL_DIGITS),
                        of(DataTypes.BIGINT(), DataTypes.DECIMAL(20, 0), ValueChange.NONE),
                        of(DataTypes.DOUBLE(), DataTypes.DECIMAL(20, 4), ValueChange.ROUND_TRIP),
                        of(
                                DataTypes.STRING(),
                                DataTypes.DECIMAL(10, 2),
                                ValueChange.TEXT_TO_NUMBER),
                        // integers: the range
                        of(DataTypes.BIGINT(), DataTypes.INT(), ValueChange.INTEGER_RANGE),
                        of(DataTypes.SMALLINT(), DataTypes.INT(), ValueChange.NONE),
                        of(DataTypes.DECIMAL(5, 0), DataTypes.INT(), ValueChange.INTEGER_RANGE),
                        of(DataTypes.DOUBLE(), DataTypes.BIGINT(), ValueChange.ROUND_TRIP),
                        of(DataTypes.VARCHAR(10), DataTypes.INT(), ValueChange.TEXT_TO_NUMBER),
                        of(DataTypes.BOOLEAN(), DataTypes.INT(), ValueChange.ROUND_TRIP),
                        // floating point
                        of(DataTypes.FLOAT(), DataTypes.DOUBLE(), ValueChange.NONE),
                        of(DataTypes.INT(), DataTypes.DOUBLE(), ValueChange.NONE),
                        of(DataTypes.BIGINT(), DataTypes.DOUBLE(), ValueChange.ROUND_TRIP),
                        of(DataTypes.SMALLINT(), DataTypes.FLOAT(), ValueChange.NONE),
                        of(DataTypes.INT(), DataTypes.FLOAT(), ValueChange.ROUND_TRIP),
                        of(DataTypes.DOUBLE(), DataTypes.FLOAT(), ValueChange.ROUND_TRIP),
                        of(DataTypes.STRING(), DataTypes.DOUBLE(), ValueChange.ROUND_TRIP),
                        // times: the fractional precision
                        of(DataTypes.TIME(6), DataTypes.TIME(3), ValueChange.FRACTIONAL_SECONDS),
                        of(DataTypes.TIME(3), DataTypes.TIME(6), ValueChange.NONE),
                        of(
                                DataTypes.TIMESTAMP(6),
                                DataTypes.TIMESTAMP(0),
                                ValueChange.FRACTIONAL_SECONDS),
                        of(
                                DataTypes.TIMESTAMP_LTZ(6),
                                DataTypes.TIMESTAMP_LTZ(3),
                                ValueChange.FRACTIONAL_SECONDS),
                        of(
                                DataTypes.TIMESTAMP(3),
                                DataTypes.TIMESTAMP_LTZ(3),
                                ValueChange.ROUND_TRIP),
                        of(DataTypes.TIMESTAMP(3), DataTypes.DATE(), ValueChange.ROUND_TRIP),
                        of(DataTypes.STRING(), DataTypes.DATE(), ValueChange.ROUND_TRIP),
                        // the rest
                        of(DataTypes.BIGINT(), DataTypes.DATE(), ValueChange.ROUND_TRIP),
                        of(DataTypes.STRING(), DataTypes.BOOLEAN(), ValueChange.ROUND_TRIP));
        for (Case c : cases) {
            assertThat(ValueChange.of(c.from(), c.to(), c.to()))
                    .as("%s -> %s", c.from(), c.to())
                    .isEqualTo(c.expected());
        }
    }

    /** JSON columns (ARRAY, MAP, ROW) read back as STRING, but parse what they store. */
    @Test
    void textIntoJsonIsARoundTrip() {
        assertThat(
                        ValueChange.of(
                                DataTypes.STRING(),
                                DataTypes.ARRAY(DataTypes.INT()),
                                DataTypes.STRING()))
                .isEqualTo(ValueChange.ROUND_TRIP);
    }
}
