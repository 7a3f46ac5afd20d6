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
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
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
 *   <li>Temporal values are read as {@code java.time} values (the driver parses MariaDB's text into
 *       them, with no {@code java.sql} calendar in between): a zero DATE, DATETIME or TIMESTAMP
 *       (which the driver gives as null) is null in a nullable column and the epoch in a NOT NULL
 *       one (Debezium's fallback for a required column); other year-0 dates are null in a nullable
 *       column.
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
                return (row, i) -> nullIfNull(row, row.getFloat(i));
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
                return (row, i) -> date(row.getObject(i, LocalDate.class), nullable);
            case TIME_WITHOUT_TIME_ZONE:
                return (row, i) -> {
                    Duration time = row.getObject(i, Duration.class);
                    return time == null ? null : TimeValues.ofMicros(time.toNanos() / 1_000L);
                };
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return (row, i) -> {
                    LocalDateTime local = dateTime(row.getObject(i, LocalDateTime.class), nullable);
                    return local == null ? null : TimestampData.fromLocalDateTime(local);
                };
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return (row, i) -> {
                    LocalDateTime utc = dateTime(row.getObject(i, LocalDateTime.class), nullable);
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

    /**
     * The driver gives the zero date as null: in a NOT NULL column (which holds no NULL) a null is
     * the zero date.
     */
    @Nullable
    private static DateData date(@Nullable LocalDate date, boolean nullable) {
        if (date == null) {
            return nullable ? null : DateData.fromEpochDay(0);
        }
        if (date.getYear() < 1 && nullable) {
            return null;
        }
        return DateData.fromEpochDay((int) date.toEpochDay());
    }

    /** The rules of the class comment for the zero value and year 0 (null is the zero value). */
    @Nullable
    static LocalDateTime dateTime(@Nullable LocalDateTime value, boolean nullable) {
        if (value == null) {
            return nullable ? null : LocalDateTime.of(1970, 1, 1, 0, 0);
        }
        return value.getYear() < 1 && nullable ? null : value;
    }
}
