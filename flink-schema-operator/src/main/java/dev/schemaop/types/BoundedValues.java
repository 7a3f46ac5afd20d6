package dev.schemaop.types;

import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.StringData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.ZonedTimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeChecks;
import org.apache.flink.cdc.common.types.DataTypeRoot;

import java.util.function.ToIntFunction;

/**
 * Values that keep their representation but move into a column with a smaller length or precision
 * than their own type: each value is checked, and passed through unchanged when it fits (SPEC §3:
 * only a value that cannot be converted exactly is lost).
 *
 * <ul>
 *   <li>CHAR/VARCHAR into CHAR(n)/VARCHAR(n): at most n characters (code points). Decision: CHAR(n)
 *       is not padded, as CDC sources deliver CHAR values without pad spaces.
 *   <li>BINARY/VARBINARY into VARBINARY(n): at most n bytes; into BINARY(n): exactly n bytes,
 *       because binary padding bytes are data and cannot be added silently.
 *   <li>TIME, TIMESTAMP, TIMESTAMP_LTZ, TIMESTAMP_TZ into a lower precision of the same kind: the
 *       fraction of a second must have no digits beyond the target precision.
 * </ul>
 */
final class BoundedValues {

    private static final int NANOS_PER_MILLI = 1_000_000;
    private static final int MAX_FRACTION_DIGITS = 9;

    private BoundedValues() {}

    static boolean isBinary(DataType type) {
        return type.isAnyOf(DataTypeRoot.BINARY, DataTypeRoot.VARBINARY);
    }

    static boolean isTemporalWithPrecision(DataType type) {
        return type.isAnyOf(
                DataTypeRoot.TIME_WITHOUT_TIME_ZONE,
                DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE,
                DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
                DataTypeRoot.TIMESTAMP_WITH_TIME_ZONE);
    }

    static Conversion text(DataType from, DataType to) {
        int capacity = DataTypeChecks.getLength(to);
        return Conversion.checked(
                from, to, v -> charCount((StringData) v) <= capacity ? v : Conversion.FAILED);
    }

    static Conversion bytes(DataType from, DataType to) {
        int capacity = DataTypeChecks.getLength(to);
        if (to.is(DataTypeRoot.BINARY)) {
            return Conversion.checked(
                    from, to, v -> ((byte[]) v).length == capacity ? v : Conversion.FAILED);
        }
        return Conversion.checked(
                from, to, v -> ((byte[]) v).length <= capacity ? v : Conversion.FAILED);
    }

    /** Same temporal kind, lower precision: keep values whose dropped digits are all zero. */
    static Conversion temporal(DataType from, DataType to) {
        long unit = pow10(MAX_FRACTION_DIGITS - DataTypeChecks.getPrecision(to));
        ToIntFunction<Object> fractionNanos = fractionNanos(to.getTypeRoot());
        return Conversion.checked(
                from, to, v -> fractionNanos.applyAsInt(v) % unit == 0 ? v : Conversion.FAILED);
    }

    /** Nanoseconds within the second, from the millisecond and nano-of-millisecond parts. */
    private static ToIntFunction<Object> fractionNanos(DataTypeRoot root) {
        switch (root) {
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return v -> {
                    TimestampData t = (TimestampData) v;
                    return fraction(t.getMillisecond(), t.getNanoOfMillisecond());
                };
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return v -> {
                    LocalZonedTimestampData t = (LocalZonedTimestampData) v;
                    return fraction(t.getEpochMillisecond(), t.getEpochNanoOfMillisecond());
                };
            case TIMESTAMP_WITH_TIME_ZONE:
                return v -> {
                    ZonedTimestampData t = (ZonedTimestampData) v;
                    return fraction(t.getMillisecond(), t.getNanoOfMillisecond());
                };
            default: // TIME: TimeData (flink-cdc 3.5) or Integer millis of day (older sources)
                return v ->
                        fraction(
                                v instanceof TimeData
                                        ? ((TimeData) v).toMillisOfDay()
                                        : ((Integer) v).longValue(),
                                0);
        }
    }

    private static int fraction(long millis, int nanoOfMilli) {
        return (int) Math.floorMod(millis, 1000L) * NANOS_PER_MILLI + nanoOfMilli;
    }

    private static long pow10(int exponent) {
        long result = 1;
        for (int i = 0; i < exponent; i++) {
            result *= 10;
        }
        return result;
    }

    private static int charCount(StringData text) {
        if (text instanceof BinaryStringData) {
            return ((BinaryStringData) text).numChars();
        }
        String s = text.toString();
        return s.codePointCount(0, s.length());
    }
}
