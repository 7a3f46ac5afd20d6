package dev.schemaop.connectors.values.types;

import dev.schemaop.connectors.values.types.TypeToken.Kind;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/** Splits a type string into {@link TypeToken}s; whitespace only separates them. */
final class TypeTokenizer {

    private final String text;
    private final List<TypeToken> tokens = new ArrayList<>();
    private int at;

    private TypeTokenizer(String text) {
        this.text = text;
    }

    /**
     * @throws IllegalArgumentException at a character no token starts with, or at a back-quoted
     *     name that is not closed
     */
    static List<TypeToken> tokenize(String text) {
        TypeTokenizer tokenizer = new TypeTokenizer(text);
        tokenizer.readAll();
        return tokenizer.tokens;
    }

    private void readAll() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (Character.isWhitespace(c)) {
                at++;
            } else if (Character.isLetter(c) || c == '_') {
                readWhile(Kind.WORD, ch -> Character.isLetterOrDigit(ch) || ch == '_');
            } else if (Character.isDigit(c)) {
                readWhile(Kind.NUMBER, Character::isDigit);
            } else if (c == '`') {
                readQuoted();
            } else if ("(),<>".indexOf(c) >= 0) {
                tokens.add(new TypeToken(Kind.SYMBOL, String.valueOf(c), at));
                at++;
            } else {
                throw TypeTokens.cannotParse(
                        text, "unexpected character '" + c + "' at position " + (at + 1));
            }
        }
    }

    private void readWhile(Kind kind, IntPredicate part) {
        int start = at;
        while (at < text.length() && part.test(text.charAt(at))) {
            at++;
        }
        tokens.add(new TypeToken(kind, text.substring(start, at), start));
    }

    private void readQuoted() {
        int start = at;
        StringBuilder name = new StringBuilder();
        at++;
        while (true) {
            if (at >= text.length()) {
                throw TypeTokens.cannotParse(
                        text, "unterminated quoted name at position " + (start + 1));
            }
            char c = text.charAt(at);
            if (c == '`' && at + 1 < text.length() && text.charAt(at + 1) == '`') {
                name.append('`');
                at += 2;
            } else if (c == '`') {
                at++;
                break;
            } else {
                name.append(c);
                at++;
            }
        }
        tokens.add(new TypeToken(Kind.QUOTED, name.toString(), start));
    }
}
