package dev.schemaop.connectors.values.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TypeTokensTest {

    @Test
    void acceptTakesOnlyTheTokenAskedForAndWordsInAnyCase() {
        TypeTokens tokens = new TypeTokens("not Null (");
        assertThat(tokens.acceptWord("NULL")).isFalse();
        assertThat(tokens.acceptWord("NOT")).isTrue();
        assertThat(tokens.acceptSymbol("(")).isFalse();
        assertThat(tokens.acceptWord("NULL")).isTrue();
        assertThat(tokens.acceptSymbol("(")).isTrue();
        assertThat(tokens.peek()).isNull();
    }

    @Test
    void expectNamesWhatWasExpectedAndWhere() {
        TypeTokens tokens = new TypeTokens("WITH 5");
        tokens.expectWord("WITH");
        assertThatThrownBy(() -> tokens.expectWord("TIME"))
                .hasMessage("Cannot parse data type 'WITH 5': expected 'TIME' at position 6");
        assertThat(tokens.expectNumber()).isEqualTo(5);
        assertThatThrownBy(() -> tokens.expectSymbol(")"))
                .hasMessage("Cannot parse data type 'WITH 5': expected ')' at the end");
    }

    @Test
    void rejectsANumberBeyondInt() {
        TypeTokens tokens = new TypeTokens("99999999999");
        assertThatThrownBy(tokens::expectNumber)
                .hasMessage(
                        "Cannot parse data type '99999999999': number 99999999999 is too large"
                                + " at position 1");
    }
}
