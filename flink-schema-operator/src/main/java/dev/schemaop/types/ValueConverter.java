package dev.schemaop.types;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;

/**
 * Chooses how values of one column type become values of another (SPEC §3, "Rows"). The choice is
 * made once per column pair and returned as a {@link Conversion}; the per-value work lives in the
 * plan, never here.
 *
 * <p>Plans, tried in this order (nullability never matters: {@code null} always converts to {@code
 * null}):
 *
 * <ol>
 *   <li>Same internal representation and a §5 widening (identical types, CHAR/VARCHAR to a longer
 *       VARCHAR, BINARY/VARBINARY to a longer VARBINARY, a temporal type to a higher precision):
 *       {@link Conversion.Kind#IDENTITY}.
 *   <li>Numeric to numeric: {@link NumericValues}, exact for a widening, checked per value
 *       otherwise (BIGINT 5 fits INT).
 *   <li>Number, decimal or boolean to CHAR/VARCHAR: canonical text, see {@link TextValues}.
 *   <li>Date, time, timestamp or bytes to CHAR/VARCHAR: their text as SQL prints them, see {@link
 *       TemporalText} (decision: SPEC §7 keeps every value of a merged column that became STRING;
 *       the same holds wherever such a value meets a text column).
 *   <li>Text to shorter text, bytes to shorter bytes, temporal to lower precision: checked per
 *       value, see {@link BoundedValues}.
 *   <li>Anything else (text to number, DATE to TIMESTAMP, TIMESTAMP to TIMESTAMP_LTZ, VARCHAR to
 *       VARBINARY, nested types that differ): {@link Conversion.Kind#NEVER}; but across a change
 *       the sink applied, text that is a literal of the new type converts ({@link
 *       #acrossAppliedChange}).
 * </ol>
 */
public final class ValueConverter {

    private ValueConverter() {}

    /** The conversion plan for values of {@code from} into a column of type {@code to}. */
    public static Conversion of(DataType from, DataType to) {
        DataType source = from.copy(true);
        DataType target = to.copy(true);
        boolean sameKind = sameRepresentation(source, target);
        if (sameKind && TypeWidening.isWidening(source, target)) {
            return Conversion.identity(from, to);
        }
        if (TypeWidening.isNumeric(source) && TypeWidening.isNumeric(target)) {
            return NumericValues.plan(from, to);
        }
        if (TextValues.isText(target)
                && (TypeWidening.isNumeric(source) || source.is(DataTypeRoot.BOOLEAN))) {
            return TextValues.fromNumberOrBoolean(from, to);
        }
        if (TextValues.isText(target) && TemporalText.converts(source)) {
            return TemporalText.into(from, to);
        }
        if (sameKind && TextValues.isText(source)) {
            return BoundedValues.text(from, to);
        }
        if (sameKind && BoundedValues.isBinary(source)) {
            return BoundedValues.bytes(from, to);
        }
        if (sameKind && BoundedValues.isTemporalWithPrecision(source)) {
            return BoundedValues.temporal(from, to);
        }
        return Conversion.never(from, to);
    }

    /**
     * The conversion a sink made of the values it stored when it applied {@code ALTER COLUMN TYPE}
     * from {@code from} to {@code to}: as {@link #of}, and text that is an exact literal of a
     * number, boolean, date or time type becomes that value (SPEC §3: a row of the version before
     * an applied change, from a lagging split or a replay, comes out as the sink converted the rows
     * it had). Only for rows brought across applied changes of one sink table: text the sink never
     * stored in that column is not parsed.
     */
    public static Conversion acrossAppliedChange(DataType from, DataType to) {
        if (TextValues.isText(from.copy(true)) && LiteralValues.readsInto(to.copy(true))) {
            return LiteralValues.plan(from, to);
        }
        return of(from, to);
    }

    /**
     * Whether values of both types share one Java representation: the same type, the character
     * types, the binary types, or one temporal kind at any precision.
     */
    private static boolean sameRepresentation(DataType source, DataType target) {
        if (source.equals(target)) {
            return true;
        }
        if (TextValues.isText(source) && TextValues.isText(target)) {
            return true;
        }
        if (BoundedValues.isBinary(source) && BoundedValues.isBinary(target)) {
            return true;
        }
        return source.getTypeRoot() == target.getTypeRoot()
                && BoundedValues.isTemporalWithPrecision(source);
    }
}
