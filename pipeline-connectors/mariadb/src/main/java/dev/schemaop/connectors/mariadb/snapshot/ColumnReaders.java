package dev.schemaop.connectors.mariadb.snapshot;

import dev.schemaop.connectors.mariadb.schema.SourceColumn;
import dev.schemaop.connectors.mariadb.values.TimeValues;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DecimalType;

import javax.annotation.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Locale;

/**
 * How the snapshot reads each column: the JDBC getter for its MariaDB type and the pipeline type it
 * maps to (README "Type mapping"), giving the value the binlog gives for the same MariaDB value
 * (README "Values that do not round-trip" lists the rules):
 *
 * <ul>
 *   <li>DATE, DATETIME and TIMESTAMP are read as the server's text (no driver conversion through
 *       the JVM's time zone, which shifts values in its daylight-saving gap, and dates with a zero
 *       month or day read as written): a date with a zero month or day, the zero date included, is
 *       null in a nullable column and the epoch in a NOT NULL one (Debezium's fallback for a
 *       required column); other year-0 dates are null in a nullable column.
 *   <li>TIMESTAMP is read in UTC (the snapshot's session time zone is {@code +00:00}), so the
 *       instant is the one stored whatever the JVM's time zone.
 *   <li>BIT(n) comes most significant byte first, as {@code HEX(col)} shows it; spatial values lose
 *       the 4-byte SRID MariaDB stores before their WKB.
 * </ul>
 */
final class ColumnReaders {
    /** The bytes of MariaDB's internal geometry format before the WKB: the SRID. */
    private static final int SRID_BYTES = 4;

    private ColumnReaders() {}

    static ColumnReader of(SourceColumn column, DataType type) {
        String sourceType = column.typeName().toUpperCase(Locale.ROOT);
        boolean nullable = type.isNullable();
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return (row, i) -> nullIfNull(row, row.getBoolean(i));
            case TINYINT:
                return (row, i) -> nullIfNull(row, row.getByte(i));
            case SMALLINT:
                return (row, i) -> nullIfNull(row, row.getShort(i));
            case INTEGER:
                return (row, i) -> nullIfNull(row, row.getInt(i));
            case BIGINT:
                return (row, i) -> nullIfNull(row, row.getLong(i));
            case FLOAT:
                // selected as DOUBLE (ConsistentSnapshot): every bit of the stored FLOAT
                return (row, i) -> nullIfNull(row, (float) row.getDouble(i));
            case DOUBLE:
                return (row, i) -> nullIfNull(row, row.getDouble(i));
            case DECIMAL:
                DecimalType decimal = (DecimalType) type;
                return (row, i) -> decimal(row.getBigDecimal(i), decimal);
            case CHAR:
            case VARCHAR:
                if (!isText(sourceType)) {
                    // DECIMAL(p > 38), JSON, ENUM, SET, INET, UUID: as the driver writes them.
                    return (row, i) -> {
                        String text = row.getString(i);
                        return text == null ? null : BinaryStringData.fromString(text);
                    };
                }
                // The connection's character set is utf8mb4: a text column's bytes are its UTF-8,
                // taken as they come (no String made and encoded again).
                return (row, i) -> {
                    byte[] utf8 = row.getBytes(i);
                    return utf8 == null ? null : BinaryStringData.fromBytes(utf8);
                };
            case BINARY:
            case VARBINARY:
                if (isSpatial(sourceType)) {
                    return (row, i) -> withoutSrid(row.getBytes(i));
                }
                return (row, i) -> row.getBytes(i);
            case DATE:
                return (row, i) -> date(text(row, i), nullable);
            case TIME_WITHOUT_TIME_ZONE:
                return (row, i) -> {
                    Duration time = row.getObject(i, Duration.class);
                    return time == null ? null : TimeValues.ofMicros(time.toNanos() / 1_000L);
                };
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return (row, i) -> {
                    LocalDateTime local = dateTime(text(row, i), nullable);
                    return local == null ? null : TimestampData.fromLocalDateTime(local);
                };
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return (row, i) -> {
                    LocalDateTime utc = dateTime(text(row, i), nullable);
                    return utc == null
                            ? null
                            : LocalZonedTimestampData.fromInstant(utc.toInstant(ZoneOffset.UTC));
                };
            default:
                throw new IllegalArgumentException(
                        "No snapshot reader for column "
                                + column.name()
                                + " ("
                                + column.typeName()
                                + " as "
                                + type
                                + ")");
        }
    }

    @Nullable
    private static Object nullIfNull(ResultSet row, Object value) throws SQLException {
        return row.wasNull() ? null : value;
    }

    @Nullable
    private static DecimalData decimal(@Nullable BigDecimal value, DecimalType type) {
        return value == null
                ? null
                : DecimalData.fromBigDecimal(
                        value.setScale(type.getScale(), RoundingMode.UNNECESSARY),
                        type.getPrecision(),
                        type.getScale());
    }

    private static boolean isText(String sourceType) {
        String root = sourceType.split("[ (]")[0];
        return switch (root) {
            case "CHAR",
                    "VARCHAR",
                    "TINYTEXT",
                    "TEXT",
                    "MEDIUMTEXT",
                    "LONGTEXT",
                    "CHARACTER",
                    "NCHAR",
                    "NVARCHAR" ->
                    true;
            default -> false;
        };
    }

    private static boolean isSpatial(String sourceType) {
        return switch (sourceType) {
            case "GEOMETRY",
                    "POINT",
                    "LINESTRING",
                    "POLYGON",
                    "MULTIPOINT",
                    "MULTILINESTRING",
                    "MULTIPOLYGON",
                    "GEOMETRYCOLLECTION",
                    "GEOMCOLLECTION" ->
                    true;
            default -> false;
        };
    }

    @Nullable
    private static byte[] withoutSrid(@Nullable byte[] stored) {
        return stored == null || stored.length < SRID_BYTES
                ? stored
                : Arrays.copyOfRange(stored, SRID_BYTES, stored.length);
    }

    /** A column selected as text ({@code CAST(.. AS CHAR)}), ASCII. */
    @Nullable
    private static String text(ResultSet row, int index) throws SQLException {
        byte[] ascii = row.getBytes(index);
        return ascii == null ? null : new String(ascii, StandardCharsets.US_ASCII);
    }

    /** {@code yyyy-MM-dd}; the rules of the class comment for the zero value and year 0. */
    @Nullable
    static DateData date(@Nullable String text, boolean nullable) {
        LocalDateTime value = dateTime(text, nullable);
        return value == null ? null : DateData.fromEpochDay((int) value.toLocalDate().toEpochDay());
    }

    /**
     * {@code yyyy-MM-dd[ HH:mm:ss[.f+]]} as the server writes it. A date with a zero month or day
     * (the zero date, or one MariaDB took without NO_ZERO_IN_DATE) is no date: null in a nullable
     * column, the epoch in a NOT NULL one; another date in year 0 is null in a nullable column.
     */
    @Nullable
    static LocalDateTime dateTime(@Nullable String text, boolean nullable) {
        if (text == null) {
            return null;
        }
        int year = Integer.parseInt(text.substring(0, 4));
        int month = Integer.parseInt(text.substring(5, 7));
        int day = Integer.parseInt(text.substring(8, 10));
        if (month == 0 || day == 0) {
            return nullable ? null : LocalDateTime.of(1970, 1, 1, 0, 0);
        }
        if (year < 1 && nullable) {
            return null;
        }
        if (text.length() < 19) {
            return LocalDateTime.of(year, month, day, 0, 0);
        }
        int hour = Integer.parseInt(text.substring(11, 13));
        int minute = Integer.parseInt(text.substring(14, 16));
        int second = Integer.parseInt(text.substring(17, 19));
        long micros = text.length() > 20 ? TimeValues.fractionMicros(text.substring(20)) : 0;
        return LocalDateTime.of(year, month, day, hour, minute, second, (int) micros * 1_000);
    }
}
