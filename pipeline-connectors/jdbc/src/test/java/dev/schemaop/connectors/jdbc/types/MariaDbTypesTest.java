package dev.schemaop.connectors.jdbc.types;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/** MariaDB's mapping, both ways, and the round trip that normalization is. */
class MariaDbTypesTest {

    private final MariaDbTypes types = new MariaDbTypes();

    /** Flink CDC type, the column type the sink creates, the catalog's COLUMN_TYPE, read back. */
    static Stream<Arguments> mapping() {
        return Stream.of(
                Arguments.of(DataTypes.BOOLEAN(), "BOOLEAN", "tinyint(1)", DataTypes.BOOLEAN()),
                Arguments.of(DataTypes.TINYINT(), "TINYINT", "tinyint(4)", DataTypes.TINYINT()),
                Arguments.of(DataTypes.SMALLINT(), "SMALLINT", "smallint(6)", DataTypes.SMALLINT()),
                Arguments.of(DataTypes.INT(), "INT", "int(11)", DataTypes.INT()),
                Arguments.of(DataTypes.BIGINT(), "BIGINT", "bigint(20)", DataTypes.BIGINT()),
                Arguments.of(DataTypes.FLOAT(), "FLOAT", "float", DataTypes.FLOAT()),
                Arguments.of(DataTypes.DOUBLE(), "DOUBLE", "double", DataTypes.DOUBLE()),
                Arguments.of(
                        DataTypes.DECIMAL(10, 2),
                        "DECIMAL(10,2)",
                        "decimal(10,2)",
                        DataTypes.DECIMAL(10, 2)),
                Arguments.of(DataTypes.CHAR(5), "CHAR(5)", "char(5)", DataTypes.CHAR(5)),
                Arguments.of(
                        DataTypes.CHAR(300),
                        "VARCHAR(300)",
                        "varchar(300)",
                        DataTypes.VARCHAR(300)),
                Arguments.of(
                        DataTypes.VARCHAR(20), "VARCHAR(20)", "varchar(20)", DataTypes.VARCHAR(20)),
                Arguments.of(
                        DataTypes.VARCHAR(16383),
                        "VARCHAR(16383)",
                        "varchar(16383)",
                        DataTypes.VARCHAR(16383)),
                Arguments.of(DataTypes.VARCHAR(16384), "LONGTEXT", "longtext", DataTypes.STRING()),
                Arguments.of(DataTypes.STRING(), "LONGTEXT", "longtext", DataTypes.STRING()),
                Arguments.of(
                        DataTypes.BINARY(16), "BINARY(16)", "binary(16)", DataTypes.BINARY(16)),
                Arguments.of(
                        DataTypes.BINARY(300),
                        "VARBINARY(300)",
                        "varbinary(300)",
                        DataTypes.VARBINARY(300)),
                Arguments.of(
                        DataTypes.VARBINARY(100),
                        "VARBINARY(100)",
                        "varbinary(100)",
                        DataTypes.VARBINARY(100)),
                Arguments.of(DataTypes.BYTES(), "LONGBLOB", "longblob", DataTypes.BYTES()),
                Arguments.of(DataTypes.DATE(), "DATE", "date", DataTypes.DATE()),
                Arguments.of(DataTypes.TIME(0), "TIME(0)", "time", DataTypes.TIME(0)),
                Arguments.of(DataTypes.TIME(3), "TIME(3)", "time(3)", DataTypes.TIME(3)),
                Arguments.of(DataTypes.TIME(9), "TIME(6)", "time(6)", DataTypes.TIME(6)),
                Arguments.of(
                        DataTypes.TIMESTAMP(3),
                        "DATETIME(3)",
                        "datetime(3)",
                        DataTypes.TIMESTAMP(3)),
                Arguments.of(
                        DataTypes.TIMESTAMP(9),
                        "DATETIME(6)",
                        "datetime(6)",
                        DataTypes.TIMESTAMP(6)),
                Arguments.of(
                        DataTypes.TIMESTAMP_LTZ(6),
                        "TIMESTAMP(6)",
                        "timestamp(6)",
                        DataTypes.TIMESTAMP_LTZ(6)),
                Arguments.of(
                        DataTypes.TIMESTAMP_TZ(3),
                        "TIMESTAMP(3)",
                        "timestamp(3)",
                        DataTypes.TIMESTAMP_LTZ(3)),
                Arguments.of(
                        DataTypes.ARRAY(DataTypes.INT()), "JSON", "longtext", DataTypes.STRING()),
                Arguments.of(
                        DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()),
                        "JSON",
                        "longtext",
                        DataTypes.STRING()),
                Arguments.of(
                        DataTypes.ROW(DataTypes.FIELD("a", DataTypes.INT())),
                        "JSON",
                        "longtext",
                        DataTypes.STRING()));
    }

    @ParameterizedTest(name = "{0} -> {1} ({2}) -> {3}")
    @MethodSource("mapping")
    void mapsBothWays(DataType cdc, String sql, String catalog, DataType readBack) {
        assertThat(types.toSqlType(cdc)).isEqualTo(sql);
        assertThat(types.toCdcType(SqlType.parse(catalog))).isEqualTo(readBack);
        assertThat(types.normalize(cdc)).isEqualTo(readBack);
        assertThat(types.normalize(cdc.notNull())).isEqualTo(readBack.notNull());
    }

    static Stream<Arguments> catalogTypes() {
        return Stream.of(
                Arguments.of("tinyint(3) unsigned", DataTypes.SMALLINT()),
                Arguments.of("smallint(5) unsigned", DataTypes.INT()),
                Arguments.of("mediumint(9)", DataTypes.INT()),
                Arguments.of("int(10) unsigned", DataTypes.BIGINT()),
                Arguments.of("int(10) unsigned zerofill", DataTypes.BIGINT()),
                Arguments.of("bigint(20) unsigned", DataTypes.DECIMAL(20, 0)),
                Arguments.of("bit(1)", DataTypes.BOOLEAN()),
                Arguments.of("bit(12)", DataTypes.BINARY(2)),
                Arguments.of("decimal(65,2)", DataTypes.STRING()),
                Arguments.of("text", DataTypes.STRING()),
                Arguments.of("mediumtext", DataTypes.STRING()),
                Arguments.of("json", DataTypes.STRING()),
                Arguments.of("enum('a','b')", DataTypes.STRING()),
                Arguments.of("blob", DataTypes.BYTES()),
                Arguments.of("year(4)", DataTypes.INT()),
                Arguments.of("datetime", DataTypes.TIMESTAMP(0)),
                Arguments.of("timestamp", DataTypes.TIMESTAMP_LTZ(0)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("catalogTypes")
    void readsOtherCatalogTypes(String sql, DataType cdc) {
        assertThat(types.toCdcType(SqlType.parse(sql))).isEqualTo(cdc);
    }

    @Test
    void keyColumnsAreNeverTextOrBlob() {
        assertThat(types.toKeySqlType(DataTypes.STRING())).isEqualTo("VARCHAR(768)");
        assertThat(types.toKeySqlType(DataTypes.BYTES())).isEqualTo("VARBINARY(3072)");
        assertThat(types.toKeySqlType(DataTypes.VARCHAR(10))).isEqualTo("VARCHAR(10)");
        assertThat(types.normalizeKey(DataTypes.STRING().notNull()))
                .isEqualTo(DataTypes.VARCHAR(768).notNull());
    }
}
