package dev.schemaop.connectors.values.types;

import org.apache.flink.cdc.common.types.DataField;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * Parses type strings such as {@code "VARCHAR(20) NOT NULL"} or {@code "DECIMAL(10, 2)"} into Flink
 * CDC {@link DataType}s.
 *
 * <p>Accepted (case-insensitive, any whitespace): {@code BOOLEAN|BOOL, TINYINT, SMALLINT,
 * INT|INTEGER, BIGINT, FLOAT|REAL, DOUBLE [PRECISION], DECIMAL|DEC|NUMERIC[(p[, s])],
 * CHAR|CHARACTER[(n)], VARCHAR[(n)], CHARACTER VARYING[(n)], STRING, BINARY[(n)], VARBINARY[(n)],
 * BYTES, DATE, TIME[(p)] [WITHOUT TIME ZONE], TIMESTAMP[(p)] [WITHOUT TIME ZONE | WITH TIME ZONE |
 * WITH LOCAL TIME ZONE], TIMESTAMP_LTZ[(p)], TIMESTAMP_TZ[(p)], ARRAY<t>, MAP<k, v>, ROW<name t,
 * ...>}, each optionally followed by {@code NOT NULL} or {@code NULL}. Every string produced by
 * {@link DataType#asSerializableString()} for these types parses back to an equal type. Defaults
 * follow Flink SQL: DECIMAL = DECIMAL(10, 0), CHAR/VARCHAR/BINARY/ VARBINARY length 1, TIME
 * precision 0, TIMESTAMP precisions 6.
 */
public final class DataTypeParser {

    /** Reads the rest of one type once its name is read: parameters and the words after them. */
    @FunctionalInterface
    private interface TypeReader {
        DataType read(DataTypeParser parser, TypeToken name);
    }

    /** Every accepted type name, upper case, with the reader of the rest of that type. */
    private static final Map<String, TypeReader> TYPES = typeTable();

    private static Map<String, TypeReader> typeTable() {
        Map<String, TypeReader> types = new HashMap<>();
        add(types, fixed(DataTypes::BOOLEAN), "BOOLEAN", "BOOL");
        add(types, fixed(DataTypes::TINYINT), "TINYINT");
        add(types, fixed(DataTypes::SMALLINT), "SMALLINT");
        add(types, fixed(DataTypes::INT), "INT", "INTEGER");
        add(types, fixed(DataTypes::BIGINT), "BIGINT");
        add(types, fixed(DataTypes::FLOAT), "FLOAT", "REAL");
        add(types, DataTypeParser::doublePrecision, "DOUBLE");
        add(types, DataTypeParser::decimal, "DECIMAL", "DEC", "NUMERIC");
        add(types, DataTypeParser::character, "CHAR", "CHARACTER");
        add(types, sized(1, DataTypes::VARCHAR), "VARCHAR");
        add(types, fixed(DataTypes::STRING), "STRING");
        add(types, sized(1, DataTypes::BINARY), "BINARY");
        add(types, sized(1, DataTypes::VARBINARY), "VARBINARY");
        add(types, fixed(DataTypes::BYTES), "BYTES");
        add(types, fixed(DataTypes::DATE), "DATE");
        add(types, DataTypeParser::time, "TIME");
        add(types, DataTypeParser::timestamp, "TIMESTAMP");
        add(types, sized(6, DataTypes::TIMESTAMP_LTZ), "TIMESTAMP_LTZ");
        add(types, sized(6, DataTypes::TIMESTAMP_TZ), "TIMESTAMP_TZ");
        add(types, DataTypeParser::array, "ARRAY");
        add(types, DataTypeParser::map, "MAP");
        add(types, DataTypeParser::row, "ROW");
        return Map.copyOf(types);
    }

    private static void add(Map<String, TypeReader> types, TypeReader reader, String... names) {
        for (String name : names) {
            types.put(name, reader);
        }
    }

    /** A type without parameters. */
    private static TypeReader fixed(Supplier<DataType> type) {
        return (parser, name) -> type.get();
    }

    /** A type with an optional length or precision in parentheses. */
    private static TypeReader sized(int defaultSize, IntFunction<DataType> type) {
        return (parser, name) -> {
            int size = parser.optionalLength(defaultSize);
            return parser.build(name, () -> type.apply(size));
        };
    }

    private final TypeTokens tokens;

    private DataTypeParser(TypeTokens tokens) {
        this.tokens = tokens;
    }

    /**
     * Parses a type string.
     *
     * @throws IllegalArgumentException with a message "Cannot parse data type '...': ..." when the
     *     string is not a supported type
     */
    public static DataType parse(String typeString) {
        if (typeString == null || typeString.trim().isEmpty()) {
            throw TypeTokens.cannotParse("", "the type is empty");
        }
        TypeTokens tokens = new TypeTokens(typeString);
        DataType type = new DataTypeParser(tokens).type();
        TypeToken extra = tokens.peek();
        if (extra != null) {
            throw tokens.error("unexpected '" + extra.text() + "'", extra);
        }
        return type;
    }

    private DataType type() {
        TypeToken name = tokens.expectTypeName();
        TypeReader reader = TYPES.get(name.text().toUpperCase(Locale.ROOT));
        if (reader == null) {
            throw tokens.error("unknown type '" + name.text() + "'", name);
        }
        DataType type = reader.read(this, name);
        if (tokens.acceptWord("NOT")) {
            tokens.expectWord("NULL");
            return type.notNull();
        }
        tokens.acceptWord("NULL");
        return type;
    }

    // ---------------------------------------------------------------- readers of the table

    private DataType doublePrecision(TypeToken name) {
        tokens.acceptWord("PRECISION");
        return DataTypes.DOUBLE();
    }

    private DataType decimal(TypeToken name) {
        int precision = 10;
        int scale = 0;
        if (tokens.acceptSymbol("(")) {
            precision = tokens.expectNumber();
            if (tokens.acceptSymbol(",")) {
                scale = tokens.expectNumber();
            }
            tokens.expectSymbol(")");
        }
        int p = precision;
        int s = scale;
        return build(name, () -> DataTypes.DECIMAL(p, s));
    }

    /** CHAR or CHARACTER, where {@code CHARACTER VARYING} (also CHAR VARYING) is a VARCHAR. */
    private DataType character(TypeToken name) {
        IntFunction<DataType> type =
                tokens.acceptWord("VARYING") ? DataTypes::VARCHAR : DataTypes::CHAR;
        int length = optionalLength(1);
        return build(name, () -> type.apply(length));
    }

    private DataType time(TypeToken name) {
        int precision = optionalLength(0);
        if (tokens.acceptWord("WITHOUT")) {
            expectTimeZone();
        }
        return build(name, () -> DataTypes.TIME(precision));
    }

    private DataType timestamp(TypeToken name) {
        int precision = optionalLength(6);
        IntFunction<DataType> type = timestampKind();
        return build(name, () -> type.apply(precision));
    }

    /** Reads the zone words after {@code TIMESTAMP(p)}, which choose the kind of timestamp. */
    private IntFunction<DataType> timestampKind() {
        if (tokens.acceptWord("WITHOUT")) {
            expectTimeZone();
            return DataTypes::TIMESTAMP;
        }
        if (tokens.acceptWord("WITH")) {
            IntFunction<DataType> type =
                    tokens.acceptWord("LOCAL") ? DataTypes::TIMESTAMP_LTZ : DataTypes::TIMESTAMP_TZ;
            expectTimeZone();
            return type;
        }
        return DataTypes::TIMESTAMP;
    }

    private DataType array(TypeToken name) {
        tokens.expectSymbol("<");
        DataType element = type();
        tokens.expectSymbol(">");
        return DataTypes.ARRAY(element);
    }

    private DataType map(TypeToken name) {
        tokens.expectSymbol("<");
        DataType key = type();
        tokens.expectSymbol(",");
        DataType value = type();
        tokens.expectSymbol(">");
        return DataTypes.MAP(key, value);
    }

    /** {@code ROW<name type, ...>} as serialized, or {@code ROW(name type, ...)} as in SQL. */
    private DataType row(TypeToken name) {
        String close = ">";
        if (!tokens.acceptSymbol("<")) {
            tokens.expectSymbol("(");
            close = ")";
        }
        List<DataField> fields = new ArrayList<>();
        if (!tokens.acceptSymbol(close)) {
            do {
                TypeToken fieldName = tokens.expectFieldName();
                fields.add(DataTypes.FIELD(fieldName.text(), type()));
            } while (tokens.acceptSymbol(","));
            tokens.expectSymbol(close);
        }
        return DataTypes.ROW(fields.toArray(new DataField[0]));
    }

    // ---------------------------------------------------------------- helpers

    /**
     * Builds a type with parameters; {@link DataTypes} rejects bad ones (a length of 0, a scale
     * above the precision) with its own message, reported at the type's name.
     */
    private DataType build(TypeToken name, Supplier<DataType> factory) {
        try {
            return factory.get();
        } catch (RuntimeException e) {
            throw tokens.error(e.getMessage(), name);
        }
    }

    private int optionalLength(int defaultValue) {
        if (tokens.acceptSymbol("(")) {
            int value = tokens.expectNumber();
            tokens.expectSymbol(")");
            return value;
        }
        return defaultValue;
    }

    private void expectTimeZone() {
        tokens.expectWord("TIME");
        tokens.expectWord("ZONE");
    }
}
