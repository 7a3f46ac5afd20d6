package dev.schemaop.connectors.values.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

class DataTypeParserTest {

    static Stream<Arguments> validTypes() {
        return Stream.of(
                Arguments.of("INT NOT NULL", DataTypes.INT().notNull()),
                Arguments.of("int", DataTypes.INT()),
                Arguments.of("INTEGER NULL", DataTypes.INT()),
                Arguments.of("BIGINT", DataTypes.BIGINT()),
                Arguments.of("TINYINT", DataTypes.TINYINT()),
                Arguments.of("SMALLINT", DataTypes.SMALLINT()),
                Arguments.of("BOOLEAN", DataTypes.BOOLEAN()),
                Arguments.of("FLOAT", DataTypes.FLOAT()),
                Arguments.of("DOUBLE", DataTypes.DOUBLE()),
                Arguments.of("DOUBLE PRECISION NOT NULL", DataTypes.DOUBLE().notNull()),
                Arguments.of("VARCHAR(20)", DataTypes.VARCHAR(20)),
                Arguments.of("varchar ( 20 )  not  null", DataTypes.VARCHAR(20).notNull()),
                Arguments.of("CHAR(3)", DataTypes.CHAR(3)),
                Arguments.of("CHAR", DataTypes.CHAR(1)),
                Arguments.of("STRING", DataTypes.STRING()),
                Arguments.of("DECIMAL(10,2)", DataTypes.DECIMAL(10, 2)),
                Arguments.of("DECIMAL(10, 2) NOT NULL", DataTypes.DECIMAL(10, 2).notNull()),
                Arguments.of("DECIMAL", DataTypes.DECIMAL(10, 0)),
                Arguments.of("NUMERIC(5)", DataTypes.DECIMAL(5, 0)),
                Arguments.of("DATE", DataTypes.DATE()),
                Arguments.of("TIME(3)", DataTypes.TIME(3)),
                Arguments.of("TIMESTAMP(3)", DataTypes.TIMESTAMP(3)),
                Arguments.of("TIMESTAMP", DataTypes.TIMESTAMP(6)),
                Arguments.of("TIMESTAMP_LTZ(3)", DataTypes.TIMESTAMP_LTZ(3)),
                Arguments.of("TIMESTAMP(3) WITH LOCAL TIME ZONE", DataTypes.TIMESTAMP_LTZ(3)),
                Arguments.of("TIMESTAMP(3) WITH TIME ZONE", DataTypes.TIMESTAMP_TZ(3)),
                Arguments.of("BYTES", DataTypes.BYTES()),
                Arguments.of("VARBINARY(8)", DataTypes.VARBINARY(8)),
                Arguments.of("BINARY(4)", DataTypes.BINARY(4)),
                Arguments.of("ARRAY<INT NOT NULL>", DataTypes.ARRAY(DataTypes.INT().notNull())),
                Arguments.of(
                        "MAP<STRING, INT>", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT())),
                Arguments.of("BOOL NOT NULL", DataTypes.BOOLEAN().notNull()),
                Arguments.of("real", DataTypes.FLOAT()),
                Arguments.of("CHARACTER(3)", DataTypes.CHAR(3)),
                Arguments.of("character varying (5) not null", DataTypes.VARCHAR(5).notNull()),
                Arguments.of("char varying(4)", DataTypes.VARCHAR(4)),
                Arguments.of(
                        "ROW<a INT 'a real number', `b` REAL 'x ` y'>",
                        DataTypes.ROW(
                                DataTypes.FIELD("a", DataTypes.INT(), "a real number"),
                                DataTypes.FIELD("b", DataTypes.FLOAT(), "x ` y"))),
                Arguments.of("TIMESTAMP_TZ(3)", DataTypes.TIMESTAMP_TZ(3)),
                Arguments.of("TIMESTAMP_TZ", DataTypes.TIMESTAMP_TZ(6)),
                Arguments.of("DEC(4, 1)", DataTypes.DECIMAL(4, 1)),
                Arguments.of("TIME", DataTypes.TIME(0)),
                Arguments.of(
                        "ROW<`real` REAL, `bool` BOOL>",
                        DataTypes.ROW(
                                DataTypes.FIELD("real", DataTypes.FLOAT()),
                                DataTypes.FIELD("bool", DataTypes.BOOLEAN()))),
                Arguments.of(
                        "ARRAY<MAP<STRING NOT NULL, DECIMAL(5, 2)>>",
                        DataTypes.ARRAY(
                                DataTypes.MAP(
                                        DataTypes.STRING().notNull(), DataTypes.DECIMAL(5, 2)))),
                Arguments.of(
                        "ROW<`a` INT, b STRING>",
                        DataTypes.ROW(
                                DataTypes.FIELD("a", DataTypes.INT()),
                                DataTypes.FIELD("b", DataTypes.STRING()))));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("validTypes")
    void parsesTypeStrings(String text, DataType expected) {
        DataType parsed = DataTypeParser.parse(text);
        assertThat(parsed).isEqualTo(expected);
        // and every serializable string parses back to the same type
        assertThat(DataTypeParser.parse(parsed.asSerializableString())).isEqualTo(expected);
    }

    static Stream<Arguments> invalidTypes() {
        return Stream.of(
                Arguments.of("", "Cannot parse data type '': the type is empty"),
                Arguments.of("FOO", "Cannot parse data type 'FOO': unknown type 'FOO'"),
                Arguments.of(
                        "ARRAY<FOO>", "Cannot parse data type 'ARRAY<FOO>': unknown type 'FOO'"),
                Arguments.of(
                        "VARCHAR(",
                        "Cannot parse data type 'VARCHAR(': Could not parse type at position 7:"
                                + " Unexpected end."),
                Arguments.of(
                        "VARCHAR(0)",
                        "Cannot parse data type 'VARCHAR(0)': Variable character string length"
                                + " must be between 1 and 2147483647 (both inclusive)."),
                Arguments.of(
                        "INT NOT",
                        "Cannot parse data type 'INT NOT': Could not parse type at position 3:"
                                + " Unexpected token: NOT"),
                Arguments.of(
                        "INT X",
                        "Cannot parse data type 'INT X': Could not parse type at position 3:"
                                + " Unexpected token: X"),
                Arguments.of(
                        "DECIMAL(10;2)",
                        "Cannot parse data type 'DECIMAL(10;2)': Could not parse type at position"
                                + " 10: <END_PARAMETER> expected but was <IDENTIFIER>."),
                Arguments.of(
                        "TIMESTAMP(3) WITH ZONE",
                        "Cannot parse data type 'TIMESTAMP(3) WITH ZONE': Could not parse type at"
                                + " position 17: Keyword 'TIME' expected but was 'ZONE'."),
                Arguments.of(
                        "MULTISET<INT>",
                        "Cannot parse data type 'MULTISET<INT>': Flink CDC has no type for"
                                + " MULTISET<INT>"));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("invalidTypes")
    void rejectsInvalidTypeStrings(String text, String message) {
        assertThatThrownBy(() -> DataTypeParser.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
