package dev.schemaop.connectors.values.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.values.types.TypeToken.Kind;

import org.junit.jupiter.api.Test;

class TypeTokenizerTest {

    @Test
    void splitsWordsNumbersSymbolsAndQuotedNamesWithTheirPositions() {
        assertThat(TypeTokenizer.tokenize(" ROW<`a``b` DECIMAL(10,2)>"))
                .containsExactly(
                        new TypeToken(Kind.WORD, "ROW", 1),
                        new TypeToken(Kind.SYMBOL, "<", 4),
                        new TypeToken(Kind.QUOTED, "a`b", 5),
                        new TypeToken(Kind.WORD, "DECIMAL", 12),
                        new TypeToken(Kind.SYMBOL, "(", 19),
                        new TypeToken(Kind.NUMBER, "10", 20),
                        new TypeToken(Kind.SYMBOL, ",", 22),
                        new TypeToken(Kind.NUMBER, "2", 23),
                        new TypeToken(Kind.SYMBOL, ")", 24),
                        new TypeToken(Kind.SYMBOL, ">", 25));
    }

    @Test
    void aWordMayHoldDigitsAndUnderscoresAfterItsFirstLetter() {
        assertThat(TypeTokenizer.tokenize("TIMESTAMP_LTZ3 _x"))
                .containsExactly(
                        new TypeToken(Kind.WORD, "TIMESTAMP_LTZ3", 0),
                        new TypeToken(Kind.WORD, "_x", 15));
    }

    @Test
    void rejectsAnUnterminatedQuotedName() {
        assertThatThrownBy(() -> TypeTokenizer.tokenize("ROW<`a INT>"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot parse data type 'ROW<`a INT>': unterminated quoted name at"
                                + " position 5");
    }
}
