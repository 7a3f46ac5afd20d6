package dev.schemaop.connectors.jdbc.types;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/** PostgreSQL's mapping, both ways, and the round trip that normalization is. */
class PostgresTypesTest {

    private final PostgresTypes types = new PostgresTypes();

    /** Flink CDC type, the column type the sink creates, the type that reads back. */
    static Stream<Arguments> mapping() {
        return Stream.of(
                Arguments.of(DataTypes.BOOLEAN(), "boolean", DataTypes.BOOLEAN()),
                Arguments.of(DataTypes.TINYINT(), "smallint", DataTypes.SMALLINT()),
                Arguments.of(DataTypes.SMALLINT(), "smallint", DataTypes.SMALLINT()),
                Arguments.of(DataTypes.INT(), "integer", DataTypes.INT()),
                Arguments.of(DataTypes.BIGINT(), "bigint", DataTypes.BIGINT()),
                Arguments.of(DataTypes.FLOAT(), "real", DataTypes.FLOAT()),
                Arguments.of(DataTypes.DOUBLE(), "double precision", DataTypes.DOUBLE()),
                Arguments.of(DataTypes.DECIMAL(10, 2), "numeric(10,2)", DataTypes.DECIMAL(10, 2)),
                Arguments.of(DataTypes.DECIMAL(38, 0), "numeric(38,0)", DataTypes.DECIMAL(38, 0)),
                Arguments.of(DataTypes.CHAR(5), "character(5)", DataTypes.CHAR(5)),
                Arguments.of(DataTypes.VARCHAR(20), "character varying(20)", DataTypes.VARCHAR(20)),
                Arguments.of(
                        DataTypes.VARCHAR(10_485_760),
                        "character varying(10485760)",
                        DataTypes.VARCHAR(10_485_760)),
                Arguments.of(DataTypes.VARCHAR(10_485_761), "text", DataTypes.STRING()),
                Arguments.of(DataTypes.STRING(), "text", DataTypes.STRING()),
                Arguments.of(DataTypes.BINARY(16), "bytea", DataTypes.BYTES()),
                Arguments.of(DataTypes.VARBINARY(100), "bytea", DataTypes.BYTES()),
                Arguments.of(DataTypes.BYTES(), "bytea", DataTypes.BYTES()),
                Arguments.of(DataTypes.DATE(), "date", DataTypes.DATE()),
                Arguments.of(DataTypes.TIME(0), "time(0) without time zone", DataTypes.TIME(0)),
                Arguments.of(DataTypes.TIME(3), "time(3) without time zone", DataTypes.TIME(3)),
                Arguments.of(DataTypes.TIME(9), "time(6) without time zone", DataTypes.TIME(6)),
                Arguments.of(
                        DataTypes.TIMESTAMP(3),
                        "timestamp(3) without time zone",
                        DataTypes.TIMESTAMP(3)),
                Arguments.of(
                        DataTypes.TIMESTAMP(9),
                        "timestamp(6) without time zone",
                        DataTypes.TIMESTAMP(6)),
                Arguments.of(
                        DataTypes.TIMESTAMP_LTZ(6),
                        "timestamp(6) with time zone",
                        DataTypes.TIMESTAMP_LTZ(6)),
                Arguments.of(
                        DataTypes.TIMESTAMP_TZ(3),
                        "timestamp(3) with time zone",
                        DataTypes.TIMESTAMP_LTZ(3)),
                Arguments.of(DataTypes.ARRAY(DataTypes.INT()), "jsonb", DataTypes.STRING()),
                Arguments.of(
                        DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()),
                        "jsonb",
                        DataTypes.STRING()),
                Arguments.of(
                        DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT())),
                        "jsonb",
                        DataTypes.STRING()));
    }

    @ParameterizedTest(name = "{0} -> {1} -> {2}")
    @MethodSource("mapping")
    void mapsBothWays(DataType cdc, String sql, DataType readBack) {
        assertThat(types.toSqlType(cdc)).isEqualTo(sql);
        assertThat(types.toCdcType(SqlType.parse(sql))).isEqualTo(readBack);
        assertThat(types.normalize(cdc)).isEqualTo(readBack);
        assertThat(types.normalize(cdc.notNull())).isEqualTo(readBack.notNull());
    }

    /** Catalog text ({@code format_type}) of columns the sink did not create. */
    static Stream<Arguments> catalogTypes() {
        return Stream.of(
                Arguments.of("character varying", DataTypes.STRING()),
                Arguments.of("character", DataTypes.CHAR(1)),
                Arguments.of("numeric", DataTypes.STRING()),
                Arguments.of("numeric(50,2)", DataTypes.STRING()),
                Arguments.of("numeric(5)", DataTypes.DECIMAL(5, 0)),
                Arguments.of("timestamp without time zone", DataTypes.TIMESTAMP(6)),
                Arguments.of("timestamp with time zone", DataTypes.TIMESTAMP_LTZ(6)),
                Arguments.of("time without time zone", DataTypes.TIME(6)),
                Arguments.of("time(3) with time zone", DataTypes.STRING()),
                Arguments.of("json", DataTypes.STRING()),
                Arguments.of("uuid", DataTypes.STRING()),
                Arguments.of("integer[]", DataTypes.STRING()),
                Arguments.of("interval", DataTypes.STRING()));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("catalogTypes")
    void readsOtherCatalogTypes(String sql, DataType cdc) {
        assertThat(types.toCdcType(SqlType.parse(sql))).isEqualTo(cdc);
    }
}
