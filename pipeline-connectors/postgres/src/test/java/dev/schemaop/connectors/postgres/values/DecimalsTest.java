package dev.schemaop.connectors.postgres.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.types.DecimalType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

class DecimalsTest {
    private static final DecimalType UNCONSTRAINED = new DecimalType(38, 18);

    @Test
    void aValueThatFitsIsExact() {
        assertThat(Decimals.parse("123.456", UNCONSTRAINED, "n").toBigDecimal())
                .isEqualByComparingTo(new BigDecimal("123.456"));
    }

    @Test
    void aValueThatWouldBeRoundedIsRefusedWithItsColumn() {
        assertThatThrownBy(() -> Decimals.parse("0.1234567890123456789", UNCONSTRAINED, "price"))
                .hasMessage(
                        "The value 0.1234567890123456789 of column price does not fit"
                                + " DECIMAL(38, 18) without rounding. Give the column a precision"
                                + " and scale (numeric(p, s), p <= 38) that hold its values.");
    }

    @Test
    void notANumberIsRefusedWithItsColumn() {
        assertThatThrownBy(() -> Decimals.parse("NaN", UNCONSTRAINED, "price"))
                .hasMessageStartingWith("The value NaN of column price is no pipeline decimal");
    }
}
