package dev.schemaop.connectors.mariadb.values;

import org.apache.flink.cdc.common.data.TimeData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A MariaDB TIME as the pipeline's TIME, the same from the snapshot and the binlog. MariaDB's TIME
 * reaches -838:59:59 to 838:59:59; values outside a day have no pipeline TIME value: null, with a
 * WARN. Flink CDC 3.5's {@link TimeData} holds milliseconds: digits past the third are cut off (the
 * value is not rounded, so it never becomes 24:00:00).
 */
public final class TimeValues {
    private static final Logger LOG = LoggerFactory.getLogger(TimeValues.class);

    public static final long MICROS_PER_DAY = 86_400_000_000L;

    private static final AtomicLong OUT_OF_RANGE = new AtomicLong();

    private TimeValues() {}

    @Nullable
    public static TimeData ofMicros(long micros) {
        if (micros < 0 || micros >= MICROS_PER_DAY) {
            long count = OUT_OF_RANGE.incrementAndGet();
            if (count == 1 || count % 1000 == 0) {
                LOG.warn(
                        "MariaDB TIME value {} is outside the range of the pipeline type TIME"
                                + " (00:00:00 to 23:59:59.999) and is passed on as NULL ({}"
                                + " such value(s) so far).",
                        mariaDbTime(micros),
                        count);
            }
            return null;
        }
        return TimeData.fromMillisOfDay((int) (micros / 1_000L));
    }

    /** {@code [-]hhh:mm:ss[.ffffff]} as MariaDB writes a TIME. */
    public static String mariaDbTime(long micros) {
        long abs = Math.abs(micros);
        long seconds = abs / 1_000_000L;
        long fraction = abs % 1_000_000L;
        String text =
                String.format(
                        "%s%02d:%02d:%02d",
                        micros < 0 ? "-" : "", seconds / 3600, (seconds / 60) % 60, seconds % 60);
        return fraction == 0 ? text : text + String.format(".%06d", fraction);
    }

    /** Up to six fractional digits as microseconds: "5" is 500,000. */
    public static long fractionMicros(String digits) {
        long value = 0;
        for (int i = 0; i < 6; i++) {
            char c = i < digits.length() ? digits.charAt(i) : '0';
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
