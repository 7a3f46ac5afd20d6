package dev.schemaop.connectors.values.types;

/** One token of a type string; {@code position} is its 0-based offset, for messages. */
record TypeToken(Kind kind, String text, int position) {

    /** What a token is. */
    enum Kind {
        /** A type name, keyword or field name: letters, digits, '_'; not starting with a digit. */
        WORD,
        /** Decimal digits: a length, precision or scale. */
        NUMBER,
        /** One of {@code ( ) , < >}. */
        SYMBOL,
        /** A back-quoted field name, without its quotes ({@code ``} stands for one back quote). */
        QUOTED
    }
}
