package dev.schemaop.connectors.jdbc.dialect;

import javax.annotation.Nullable;

/**
 * The stored values of one column that a type change would change: how many, and one of them with
 * what it would become (or why it cannot be converted at all). Values are rendered for a message:
 * text quoted, cut after {@value #MAX_SHOWN} characters.
 */
public final class ChangedValues {
    static final int MAX_SHOWN = 40;

    private final long count;
    private final String example;
    @Nullable private final String becomes;
    private final String otherwise;

    private ChangedValues(long count, String example, @Nullable String becomes, String otherwise) {
        this.count = count;
        this.example = example;
        this.becomes = becomes;
        this.otherwise = otherwise;
    }

    /**
     * @param becomes the example converted, rendered; null when it does not convert
     * @param otherwise what is said of the example when {@code becomes} is null
     */
    static ChangedValues of(
            long count, String example, @Nullable String becomes, String otherwise) {
        return new ChangedValues(count, example, becomes, otherwise);
    }

    public long count() {
        return count;
    }

    /** E.g. {@code 1 stored value would change, e.g. 'abcdefghij' would become 'abcde'}. */
    public String describe() {
        return count
                + (count == 1 ? " stored value" : " stored values")
                + " would change, e.g. "
                + example
                + (becomes != null ? " would become " + becomes : " " + otherwise);
    }

    /** A value's text for a message: quoted unless it is a number, cut when long. */
    static String render(@Nullable String text, boolean quoted) {
        if (text == null) {
            return "NULL";
        }
        boolean cut = text.codePointCount(0, text.length()) > MAX_SHOWN;
        String shown = cut ? text.substring(0, text.offsetByCodePoints(0, MAX_SHOWN)) : text;
        return (quoted ? "'" + shown.replace("'", "''") + "'" : shown) + (cut ? "..." : "");
    }

    @Override
    public String toString() {
        return describe();
    }
}
