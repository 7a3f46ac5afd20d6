package dev.schemaop.connectors.postgres.values;

import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.types.DecimalType;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A numeric value as the pipeline's decimal, exactly or not at all: an unconstrained numeric holds
 * values a DECIMAL(38, 18) cannot, and such a value ends the job with the column named rather than
 * reaching the sink rounded.
 */
final class Decimals {
    private Decimals() {}

    /** A numeric as PostgreSQL writes it: NaN and the infinities are no pipeline decimal. */
    static DecimalData parse(String text, DecimalType type, String column) {
        BigDecimal value;
        try {
            value = new BigDecimal(text);
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException(
                    "The value "
                            + text
                            + " of column "
                            + column
                            + " is no pipeline decimal (NaN and the infinities have none)."
                            + " Keep such values out of the captured column, or the table out of"
                            + " 'tables'.");
        }
        return of(value, type, column);
    }

    static DecimalData of(BigDecimal value, DecimalType type, String column) {
        BigDecimal scaled;
        try {
            scaled = value.setScale(type.getScale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException rounded) {
            throw outOfRange(value, type, column);
        }
        DecimalData decimal =
                DecimalData.fromBigDecimal(scaled, type.getPrecision(), type.getScale());
        if (decimal == null) {
            throw outOfRange(value, type, column);
        }
        return decimal;
    }

    private static IllegalArgumentException outOfRange(
            BigDecimal value, DecimalType type, String column) {
        return new IllegalArgumentException(
                "The value "
                        + value.toPlainString()
                        + " of column "
                        + column
                        + " does not fit "
                        + type
                        + " without rounding. Give the column a precision and scale"
                        + " (numeric(p, s), p <= 38) that hold its values.");
    }
}
