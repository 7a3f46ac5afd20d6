package dev.schemaop.types;

import static org.apache.flink.cdc.common.types.DataTypes.ARRAY;
import static org.apache.flink.cdc.common.types.DataTypes.BIGINT;
import static org.apache.flink.cdc.common.types.DataTypes.BINARY;
import static org.apache.flink.cdc.common.types.DataTypes.BOOLEAN;
import static org.apache.flink.cdc.common.types.DataTypes.CHAR;
import static org.apache.flink.cdc.common.types.DataTypes.DATE;
import static org.apache.flink.cdc.common.types.DataTypes.DECIMAL;
import static org.apache.flink.cdc.common.types.DataTypes.DOUBLE;
import static org.apache.flink.cdc.common.types.DataTypes.FLOAT;
import static org.apache.flink.cdc.common.types.DataTypes.INT;
import static org.apache.flink.cdc.common.types.DataTypes.SMALLINT;
import static org.apache.flink.cdc.common.types.DataTypes.STRING;
import static org.apache.flink.cdc.common.types.DataTypes.TIME;
import static org.apache.flink.cdc.common.types.DataTypes.TIMESTAMP;
import static org.apache.flink.cdc.common.types.DataTypes.TIMESTAMP_LTZ;
import static org.apache.flink.cdc.common.types.DataTypes.TIMESTAMP_TZ;
import static org.apache.flink.cdc.common.types.DataTypes.TINYINT;
import static org.apache.flink.cdc.common.types.DataTypes.VARBINARY;
import static org.apache.flink.cdc.common.types.DataTypes.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import org.apache.flink.cdc.common.types.DataType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Optional;
import java.util.stream.Stream;

/** SPEC §5, one case per rule and per lossy counter-example. */
class TypeWideningTest {

    static Stream<Arguments> wideningCases() {
        return Stream.of(
                // integer ladder
                arguments(TINYINT(), SMALLINT()),
                arguments(TINYINT(), INT()),
                arguments(TINYINT(), BIGINT()),
                arguments(SMALLINT(), INT()),
                arguments(SMALLINT(), BIGINT()),
                arguments(INT(), BIGINT()),
                // floating point
                arguments(FLOAT(), DOUBLE()),
                arguments(TINYINT(), FLOAT()),
                arguments(SMALLINT(), FLOAT()),
                arguments(TINYINT(), DOUBLE()),
                arguments(SMALLINT(), DOUBLE()),
                arguments(INT(), DOUBLE()),
                // integer -> decimal with enough integer digits (3, 5, 10, 19)
                arguments(TINYINT(), DECIMAL(3, 0)),
                arguments(SMALLINT(), DECIMAL(5, 0)),
                arguments(INT(), DECIMAL(10, 0)),
                arguments(BIGINT(), DECIMAL(19, 0)),
                arguments(INT(), DECIMAL(12, 2)),
                arguments(BIGINT(), DECIMAL(38, 19)),
                // decimal -> decimal: s' >= s and p' - s' >= p - s
                arguments(DECIMAL(10, 2), DECIMAL(11, 2)),
                arguments(DECIMAL(10, 2), DECIMAL(12, 4)),
                arguments(DECIMAL(12, 2), DECIMAL(38, 2)),
                arguments(DECIMAL(5, 5), DECIMAL(6, 6)),
                // character and binary
                arguments(CHAR(5), VARCHAR(5)),
                arguments(CHAR(5), VARCHAR(10)),
                arguments(VARCHAR(5), VARCHAR(10)),
                arguments(VARCHAR(5), STRING()),
                arguments(CHAR(4), CHAR(4)),
                arguments(BINARY(4), VARBINARY(4)),
                arguments(BINARY(4), VARBINARY(8)),
                arguments(VARBINARY(4), VARBINARY(8)),
                // temporal precision
                arguments(TIME(0), TIME(3)),
                arguments(TIMESTAMP(3), TIMESTAMP(6)),
                arguments(TIMESTAMP_LTZ(3), TIMESTAMP_LTZ(9)),
                arguments(TIMESTAMP_TZ(0), TIMESTAMP_TZ(6)),
                // identical types
                arguments(DATE(), DATE()),
                arguments(BOOLEAN(), BOOLEAN()),
                arguments(ARRAY(INT()), ARRAY(INT())),
                // nullability may only relax
                arguments(INT().notNull(), INT()),
                arguments(INT().notNull(), BIGINT()),
                arguments(INT().notNull(), BIGINT().notNull()));
    }

    static Stream<Arguments> lossyCases() {
        return Stream.of(
                // named in SPEC §5 and the brief
                arguments(BIGINT(), FLOAT()),
                arguments(INT(), FLOAT()),
                arguments(BIGINT(), DOUBLE()),
                arguments(DECIMAL(38, 0), DECIMAL(38, 38)),
                arguments(TIMESTAMP(3), TIMESTAMP_LTZ(3)),
                arguments(VARCHAR(10), VARBINARY(10)),
                // narrowing
                arguments(BIGINT(), INT()),
                arguments(INT(), SMALLINT()),
                arguments(SMALLINT(), TINYINT()),
                arguments(DOUBLE(), FLOAT()),
                arguments(VARCHAR(10), VARCHAR(5)),
                arguments(VARBINARY(8), VARBINARY(4)),
                arguments(TIMESTAMP(6), TIMESTAMP(3)),
                arguments(TIME(3), TIME(0)),
                arguments(TIMESTAMP_LTZ(6), TIMESTAMP_LTZ(3)),
                arguments(TIMESTAMP_TZ(6), TIMESTAMP_TZ(3)),
                // decimals short of digits
                arguments(INT(), DECIMAL(9, 0)),
                arguments(BIGINT(), DECIMAL(18, 0)),
                arguments(INT(), DECIMAL(10, 1)),
                arguments(DECIMAL(10, 2), DECIMAL(10, 3)),
                arguments(DECIMAL(10, 2), DECIMAL(12, 1)),
                arguments(DECIMAL(5, 0), BIGINT()),
                arguments(FLOAT(), DECIMAL(38, 10)),
                // fixed-length targets and cross-kind
                arguments(VARCHAR(5), CHAR(5)),
                arguments(CHAR(4), CHAR(8)),
                arguments(BINARY(4), BINARY(8)),
                arguments(VARBINARY(4), BINARY(4)),
                arguments(TIMESTAMP_LTZ(3), TIMESTAMP(3)),
                arguments(TIMESTAMP_TZ(3), TIMESTAMP_LTZ(3)),
                arguments(DATE(), TIMESTAMP(3)),
                arguments(INT(), VARCHAR(20)),
                arguments(BOOLEAN(), TINYINT()),
                arguments(ARRAY(INT()), ARRAY(BIGINT())),
                // nullable -> NOT NULL
                arguments(INT(), INT().notNull()),
                arguments(INT(), BIGINT().notNull()));
    }

    static Stream<Arguments> commonWiderCases() {
        return Stream.of(
                arguments(DECIMAL(12, 2), DECIMAL(12, 4), Optional.of(DECIMAL(14, 4))),
                arguments(CHAR(8), VARCHAR(4), Optional.of(VARCHAR(8))),
                arguments(INT(), BIGINT(), Optional.of(BIGINT())),
                arguments(SMALLINT(), FLOAT(), Optional.of(FLOAT())),
                arguments(INT(), FLOAT(), Optional.of(DOUBLE())),
                arguments(BIGINT(), DOUBLE(), Optional.empty()),
                arguments(BIGINT(), FLOAT(), Optional.empty()),
                arguments(INT(), DECIMAL(5, 2), Optional.of(DECIMAL(12, 2))),
                arguments(BIGINT(), DECIMAL(38, 20), Optional.empty()),
                arguments(DECIMAL(38, 0), DECIMAL(38, 38), Optional.empty()),
                arguments(FLOAT(), DECIMAL(5, 2), Optional.empty()),
                arguments(TIMESTAMP(3), TIMESTAMP(6), Optional.of(TIMESTAMP(6))),
                arguments(TIMESTAMP(3), TIMESTAMP_LTZ(3), Optional.empty()),
                arguments(CHAR(3), CHAR(5), Optional.of(VARCHAR(5))),
                arguments(CHAR(8), CHAR(8), Optional.of(CHAR(8))),
                arguments(BINARY(3), VARBINARY(2), Optional.of(VARBINARY(3))),
                arguments(VARCHAR(5), INT(), Optional.empty()),
                arguments(DATE(), DATE(), Optional.of(DATE())),
                // nullable when either input is
                arguments(INT().notNull(), BIGINT().notNull(), Optional.of(BIGINT().notNull())),
                arguments(INT().notNull(), BIGINT(), Optional.of(BIGINT())),
                arguments(INT(), BIGINT().notNull(), Optional.of(BIGINT())),
                arguments(INT().notNull(), FLOAT().notNull(), Optional.of(DOUBLE().notNull())));
    }

    @ParameterizedTest(name = "{0} -> {1} widens")
    @MethodSource("wideningCases")
    void widening(DataType from, DataType to) {
        assertThat(TypeWidening.isWidening(from, to)).isTrue();
    }

    @ParameterizedTest(name = "{0} -> {1} is lossy")
    @MethodSource("lossyCases")
    void lossy(DataType from, DataType to) {
        assertThat(TypeWidening.isWidening(from, to)).isFalse();
    }

    @ParameterizedTest(name = "{0} + {1} -> {2}")
    @MethodSource("commonWiderCases")
    void commonWiderType(DataType a, DataType b, Optional<DataType> expected) {
        assertThat(TypeWidening.commonWiderType(a, b)).isEqualTo(expected);
        assertThat(TypeWidening.commonWiderType(b, a)).as("symmetric").isEqualTo(expected);
        expected.ifPresent(
                wider -> {
                    assertThat(TypeWidening.isWidening(a, wider)).isTrue();
                    assertThat(TypeWidening.isWidening(b, wider)).isTrue();
                });
    }

    @ParameterizedTest(name = "{0} + {1} -> {1}")
    @MethodSource("wideningCases")
    void aWideningPairMeetsAtItsTarget(DataType from, DataType to) {
        DataType expected = to.copy(from.isNullable() || to.isNullable());
        assertThat(TypeWidening.commonWiderType(from, to)).contains(expected);
    }
}
