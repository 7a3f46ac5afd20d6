package dev.schemaop.connectors.values.types;

import org.apache.flink.cdc.common.types.DataField;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses type strings such as {@code "VARCHAR(20) NOT NULL"} or {@code "DECIMAL(10, 2)"} into
 * Flink CDC {@link DataType}s.
 *
 * <p>Accepted (case-insensitive, any whitespace): {@code BOOLEAN|BOOL, TINYINT, SMALLINT,
 * INT|INTEGER, BIGINT, FLOAT|REAL, DOUBLE [PRECISION], DECIMAL|DEC|NUMERIC[(p[, s])],
 * CHAR|CHARACTER[(n)], VARCHAR[(n)], CHARACTER VARYING[(n)], STRING, BINARY[(n)],
 * VARBINARY[(n)], BYTES, DATE, TIME[(p)] [WITHOUT TIME ZONE], TIMESTAMP[(p)] [WITHOUT TIME ZONE
 * | WITH TIME ZONE | WITH LOCAL TIME ZONE], TIMESTAMP_LTZ[(p)], TIMESTAMP_TZ[(p)], ARRAY<t>,
 * MAP<k, v>, ROW<name t, ...>}, each optionally followed by {@code NOT NULL} or {@code NULL}.
 * Every string produced by {@link DataType#asSerializableString()} for these types parses back
 * to an equal type. Defaults follow Flink SQL: DECIMAL = DECIMAL(10, 0), CHAR/VARCHAR/BINARY/
 * VARBINARY length 1, TIME precision 0, TIMESTAMP precisions 6.
 */
public final class DataTypeParser {

    private final String text;
    private final List<Token> tokens;
    private int next;

    private DataTypeParser(String text) {
        this.text = text;
        this.tokens = tokenize(text);
    }

    /**
     * Parses a type string.
     *
     * @throws IllegalArgumentException with a message "Cannot parse data type '...': ..." when
     *     the string is not a supported type
     */
    public static DataType parse(String typeString) {
        if (typeString == null || typeString.trim().isEmpty()) {
            throw new IllegalArgumentException("Cannot parse data type '': the type is empty");
        }
        DataTypeParser parser = new DataTypeParser(typeString);
        DataType type = parser.parseType();
        if (parser.next < parser.tokens.size()) {
            throw parser.error("unexpected '" + parser.peek().text + "'", parser.peek());
        }
        return type;
    }

    // ------------------------------------------------------------------------------------

    private DataType parseType() {
        Token head = expectWord("a type name");
        String name = head.text.toUpperCase(Locale.ROOT);
        DataType type;
        switch (name) {
            case "BOOLEAN":
            case "BOOL":
                type = DataTypes.BOOLEAN();
                break;
            case "TINYINT":
                type = DataTypes.TINYINT();
                break;
            case "SMALLINT":
                type = DataTypes.SMALLINT();
                break;
            case "INT":
            case "INTEGER":
                type = DataTypes.INT();
                break;
            case "BIGINT":
                type = DataTypes.BIGINT();
                break;
            case "FLOAT":
            case "REAL":
                type = DataTypes.FLOAT();
                break;
            case "DOUBLE":
                acceptWord("PRECISION");
                type = DataTypes.DOUBLE();
                break;
            case "DECIMAL":
            case "DEC":
            case "NUMERIC":
                {
                    int precision = 10;
                    int scale = 0;
                    if (acceptSymbol("(")) {
                        precision = expectNumber();
                        if (acceptSymbol(",")) {
                            scale = expectNumber();
                        }
                        expectSymbol(")");
                    }
                    final int p = precision;
                    final int s = scale;
                    type = build(head, () -> DataTypes.DECIMAL(p, s));
                    break;
                }
            case "CHAR":
            case "CHARACTER":
                {
                    boolean varying = acceptWord("VARYING");
                    int length = optionalLength(1);
                    type =
                            build(
                                    head,
                                    () ->
                                            varying
                                                    ? DataTypes.VARCHAR(length)
                                                    : DataTypes.CHAR(length));
                    break;
                }
            case "VARCHAR":
                {
                    int length = optionalLength(1);
                    type = build(head, () -> DataTypes.VARCHAR(length));
                    break;
                }
            case "STRING":
                type = DataTypes.STRING();
                break;
            case "BINARY":
                {
                    int length = optionalLength(1);
                    type = build(head, () -> DataTypes.BINARY(length));
                    break;
                }
            case "VARBINARY":
                {
                    int length = optionalLength(1);
                    type = build(head, () -> DataTypes.VARBINARY(length));
                    break;
                }
            case "BYTES":
                type = DataTypes.BYTES();
                break;
            case "DATE":
                type = DataTypes.DATE();
                break;
            case "TIME":
                {
                    int precision = optionalLength(0);
                    if (acceptWord("WITHOUT")) {
                        expectWord("TIME");
                        expectWord("ZONE");
                    }
                    type = build(head, () -> DataTypes.TIME(precision));
                    break;
                }
            case "TIMESTAMP":
                {
                    int precision = optionalLength(6);
                    if (acceptWord("WITHOUT")) {
                        expectWord("TIME");
                        expectWord("ZONE");
                        type = build(head, () -> DataTypes.TIMESTAMP(precision));
                    } else if (acceptWord("WITH")) {
                        if (acceptWord("LOCAL")) {
                            expectWord("TIME");
                            expectWord("ZONE");
                            type = build(head, () -> DataTypes.TIMESTAMP_LTZ(precision));
                        } else {
                            expectWord("TIME");
                            expectWord("ZONE");
                            type = build(head, () -> DataTypes.TIMESTAMP_TZ(precision));
                        }
                    } else {
                        type = build(head, () -> DataTypes.TIMESTAMP(precision));
                    }
                    break;
                }
            case "TIMESTAMP_LTZ":
                {
                    int precision = optionalLength(6);
                    type = build(head, () -> DataTypes.TIMESTAMP_LTZ(precision));
                    break;
                }
            case "TIMESTAMP_TZ":
                {
                    int precision = optionalLength(6);
                    type = build(head, () -> DataTypes.TIMESTAMP_TZ(precision));
                    break;
                }
            case "ARRAY":
                {
                    expectSymbol("<");
                    DataType element = parseType();
                    expectSymbol(">");
                    type = DataTypes.ARRAY(element);
                    break;
                }
            case "MAP":
                {
                    expectSymbol("<");
                    DataType key = parseType();
                    expectSymbol(",");
                    DataType value = parseType();
                    expectSymbol(">");
                    type = DataTypes.MAP(key, value);
                    break;
                }
            case "ROW":
                {
                    String close = acceptSymbol("<") ? ">" : null;
                    if (close == null) {
                        expectSymbol("(");
                        close = ")";
                    }
                    List<DataField> fields = new ArrayList<>();
                    if (!acceptSymbol(close)) {
                        do {
                            Token fieldName = expectIdentifier();
                            DataType fieldType = parseType();
                            fields.add(DataTypes.FIELD(fieldName.text, fieldType));
                        } while (acceptSymbol(","));
                        expectSymbol(close);
                    }
                    type = DataTypes.ROW(fields.toArray(new DataField[0]));
                    break;
                }
            default:
                throw error("unknown type '" + head.text + "'", head);
        }
        if (acceptWord("NOT")) {
            expectWord("NULL");
            return type.notNull();
        }
        acceptWord("NULL");
        return type;
    }

    private DataType build(Token at, java.util.function.Supplier<DataType> factory) {
        try {
            return factory.get();
        } catch (RuntimeException e) {
            throw error(e.getMessage(), at);
        }
    }

    private int optionalLength(int defaultValue) {
        if (acceptSymbol("(")) {
            int value = expectNumber();
            expectSymbol(")");
            return value;
        }
        return defaultValue;
    }

    // ---------------------------------------------------------------- token helpers

    private Token peek() {
        return next < tokens.size() ? tokens.get(next) : null;
    }

    private boolean acceptWord(String word) {
        Token t = peek();
        if (t != null && t.kind == Kind.WORD && t.text.equalsIgnoreCase(word)) {
            next++;
            return true;
        }
        return false;
    }

    private boolean acceptSymbol(String symbol) {
        Token t = peek();
        if (t != null && t.kind == Kind.SYMBOL && t.text.equals(symbol)) {
            next++;
            return true;
        }
        return false;
    }

    private Token expectWord(String what) {
        Token t = peek();
        if (t == null || t.kind != Kind.WORD) {
            throw error("expected " + describeExpected(what), t);
        }
        if (!what.equals("a type name") && !t.text.equalsIgnoreCase(what)) {
            throw error("expected " + describeExpected(what), t);
        }
        next++;
        return t;
    }

    private static String describeExpected(String what) {
        return what.equals("a type name") ? what : "'" + what + "'";
    }

    private Token expectIdentifier() {
        Token t = peek();
        if (t == null || (t.kind != Kind.WORD && t.kind != Kind.QUOTED)) {
            throw error("expected a field name", t);
        }
        next++;
        return t;
    }

    private void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw error("expected '" + symbol + "'", peek());
        }
    }

    private int expectNumber() {
        Token t = peek();
        if (t == null || t.kind != Kind.NUMBER) {
            throw error("expected a number", t);
        }
        next++;
        try {
            return Integer.parseInt(t.text);
        } catch (NumberFormatException e) {
            throw error("number " + t.text + " is too large", t);
        }
    }

    private IllegalArgumentException error(String detail, Token at) {
        String where = at == null ? "at the end" : "at position " + (at.position + 1);
        return new IllegalArgumentException(
                "Cannot parse data type '" + text + "': " + detail + " " + where);
    }

    // ---------------------------------------------------------------- tokenizer

    private enum Kind {
        WORD,
        NUMBER,
        SYMBOL,
        QUOTED
    }

    private static final class Token {
        final Kind kind;
        final String text;
        final int position;

        Token(Kind kind, String text, int position) {
            this.kind = kind;
            this.text = text;
            this.position = position;
        }
    }

    private static List<Token> tokenize(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < s.length()
                        && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                    i++;
                }
                out.add(new Token(Kind.WORD, s.substring(start, i), start));
            } else if (Character.isDigit(c)) {
                int start = i;
                while (i < s.length() && Character.isDigit(s.charAt(i))) {
                    i++;
                }
                out.add(new Token(Kind.NUMBER, s.substring(start, i), start));
            } else if (c == '`') {
                int start = i;
                StringBuilder name = new StringBuilder();
                i++;
                while (true) {
                    if (i >= s.length()) {
                        throw new IllegalArgumentException(
                                "Cannot parse data type '"
                                        + s
                                        + "': unterminated quoted name at position "
                                        + (start + 1));
                    }
                    char q = s.charAt(i);
                    if (q == '`') {
                        if (i + 1 < s.length() && s.charAt(i + 1) == '`') {
                            name.append('`');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    name.append(q);
                    i++;
                }
                out.add(new Token(Kind.QUOTED, name.toString(), start));
            } else if ("(),<>".indexOf(c) >= 0) {
                out.add(new Token(Kind.SYMBOL, String.valueOf(c), i));
                i++;
            } else {
                throw new IllegalArgumentException(
                        "Cannot parse data type '"
                                + s
                                + "': unexpected character '"
                                + c
                                + "' at position "
                                + (i + 1));
            }
        }
        return out;
    }
}
