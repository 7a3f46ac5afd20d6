package dev.schemaop.connectors.values.types;

import dev.schemaop.connectors.values.types.TypeToken.Kind;

import java.util.List;

/**
 * The tokens of one type string and the reading position in them. The {@code accept} methods take a
 * token only when it is the one asked for; the {@code expect} methods reject anything else with a
 * message naming the position (or "at the end").
 */
final class TypeTokens {

    private final String text;
    private final List<TypeToken> tokens;
    private int next;

    TypeTokens(String text) {
        this.text = text;
        this.tokens = TypeTokenizer.tokenize(text);
    }

    /** The error every rejected type string gets: "Cannot parse data type '...': detail". */
    static IllegalArgumentException cannotParse(String text, String detail) {
        return new IllegalArgumentException("Cannot parse data type '" + text + "': " + detail);
    }

    /** The next token, or {@code null} at the end. */
    TypeToken peek() {
        return next < tokens.size() ? tokens.get(next) : null;
    }

    /** Takes the next token if it is {@code word}, in any case. */
    boolean acceptWord(String word) {
        TypeToken t = peek();
        if (t != null && t.kind() == Kind.WORD && t.text().equalsIgnoreCase(word)) {
            next++;
            return true;
        }
        return false;
    }

    boolean acceptSymbol(String symbol) {
        TypeToken t = peek();
        if (t != null && t.kind() == Kind.SYMBOL && t.text().equals(symbol)) {
            next++;
            return true;
        }
        return false;
    }

    /** Takes any word, the name of the type that follows. */
    TypeToken expectTypeName() {
        TypeToken t = peek();
        if (t == null || t.kind() != Kind.WORD) {
            throw error("expected a type name", t);
        }
        next++;
        return t;
    }

    void expectWord(String word) {
        if (!acceptWord(word)) {
            throw error("expected '" + word + "'", peek());
        }
    }

    /** Takes a ROW field name, plain or back-quoted. */
    TypeToken expectFieldName() {
        TypeToken t = peek();
        if (t == null || (t.kind() != Kind.WORD && t.kind() != Kind.QUOTED)) {
            throw error("expected a field name", t);
        }
        next++;
        return t;
    }

    void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw error("expected '" + symbol + "'", peek());
        }
    }

    int expectNumber() {
        TypeToken t = peek();
        if (t == null || t.kind() != Kind.NUMBER) {
            throw error("expected a number", t);
        }
        next++;
        try {
            return Integer.parseInt(t.text());
        } catch (NumberFormatException e) {
            throw error("number " + t.text() + " is too large", t);
        }
    }

    /** An error at token {@code at}, or at the end of the string when it is {@code null}. */
    IllegalArgumentException error(String detail, TypeToken at) {
        String where = at == null ? "at the end" : "at position " + (at.position() + 1);
        return cannotParse(text, detail + " " + where);
    }
}
