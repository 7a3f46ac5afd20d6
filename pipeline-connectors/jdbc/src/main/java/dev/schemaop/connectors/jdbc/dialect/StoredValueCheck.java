package dev.schemaop.connectors.jdbc.dialect;

import dev.schemaop.connectors.jdbc.catalog.ExistingColumn;
import dev.schemaop.connectors.jdbc.catalog.TablePath;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.cdc.common.types.DataTypes;

import javax.annotation.Nullable;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the stored values of a column that a type change would change (truncate, round, cut
 * fractional seconds, put out of range, not convert), before the change runs: one query over the
 * column for the kind of change {@link ValueChange} names, returning how many values would change
 * and one of them. A change that cannot change any value ({@link ValueChange#NONE}) reads nothing.
 * The dialects give the SQL of each kind; another kind of type ({@link ValueChange#ROUND_TRIP}) is
 * theirs entirely.
 */
public abstract class StoredValueCheck {

    private static final Set<DataTypeRoot> UNQUOTED =
            EnumSet.of(
                    DataTypeRoot.BOOLEAN,
                    DataTypeRoot.TINYINT,
                    DataTypeRoot.SMALLINT,
                    DataTypeRoot.INTEGER,
                    DataTypeRoot.BIGINT,
                    DataTypeRoot.FLOAT,
                    DataTypeRoot.DOUBLE,
                    DataTypeRoot.DECIMAL);

    protected final JdbcDialect dialect;

    protected StoredValueCheck(JdbcDialect dialect) {
        this.dialect = dialect;
    }

    /** The stored values the alteration's new type would change; empty when none would. */
    public Optional<ChangedValues> find(
            Connection connection, TablePath table, ColumnAlteration alteration)
            throws SQLException {
        if (!alteration.changesType()) {
            return Optional.empty();
        }
        ExistingColumn column = alteration.current();
        DataType oldType = column.type();
        DataType newType = alteration.newType();
        String c = dialect.quote(column.name());
        ValueChange kind = ValueChange.of(oldType, alteration.pipelineType(), newType);
        switch (kind) {
            case NONE:
                return Optional.empty();
            case LENGTH:
                {
                    int length = DataTypes.getLength(newType).orElseThrow();
                    boolean toChar = newType.getTypeRoot() == DataTypeRoot.CHAR;
                    return first(
                            connection,
                            table,
                            alteration,
                            longerThan(c, length, toChar),
                            cutTo(c, length, toChar),
                            "");
                }
            case BINARY_LENGTH:
                {
                    int length = DataTypes.getLength(newType).orElseThrow();
                    boolean padded = newType.getTypeRoot() == DataTypeRoot.BINARY;
                    return first(
                            connection,
                            table,
                            alteration,
                            byteLength(c) + (padded ? " <> " : " > ") + length,
                            null,
                            padded
                                    ? "would be cut or padded to " + length + " bytes"
                                    : "would be cut to " + length + " bytes");
                }
            case DECIMAL_DIGITS:
                return first(
                        connection,
                        table,
                        alteration,
                        decimalChanges(exact(c), newType),
                        decimalAfter(exact(c), newType),
                        "does not fit " + alteration.newSqlType());
            case INTEGER_RANGE:
                return first(
                        connection,
                        table,
                        alteration,
                        integerChanges(
                                exact(c), oldType.getTypeRoot() == DataTypeRoot.DECIMAL, newType),
                        integerAfter(exact(c), newType),
                        "does not fit " + alteration.newSqlType());
            case TEXT_TO_NUMBER:
                {
                    String x = textAsNumber(c);
                    boolean decimal = newType.getTypeRoot() == DataTypeRoot.DECIMAL;
                    return first(
                            connection,
                            table,
                            alteration,
                            "CASE WHEN "
                                    + matchesNumber(c)
                                    + " THEN "
                                    + (decimal
                                            ? decimalChanges(x, newType)
                                            : integerChanges(x, true, newType))
                                    + " ELSE 1 = 1 END",
                            "CASE WHEN "
                                    + matchesNumber(c)
                                    + " THEN "
                                    + (decimal
                                            ? decimalAfter(x, newType)
                                            : integerAfter(x, newType))
                                    + " END",
                            "is not a number that fits " + alteration.newSqlType());
                }
            case FRACTIONAL_SECONDS:
                {
                    String converted = castTime(c, newType, alteration.newSqlType());
                    return first(
                            connection,
                            table,
                            alteration,
                            converted + " <> " + c,
                            asText(converted),
                            "");
                }
            case ROUND_TRIP:
            default:
                return roundTrip(connection, table, alteration);
        }
    }

    /**
     * How many rows match the predicate, and the least value and what it becomes: {@code afterText}
     * an SQL expression of the converted value's text, or null (or NULL in a row) when it does not
     * convert, {@code otherwise} then said of it.
     */
    protected Optional<ChangedValues> first(
            Connection connection,
            TablePath table,
            ColumnAlteration alteration,
            String predicate,
            @Nullable String afterText,
            String otherwise)
            throws SQLException {
        return first(
                connection,
                table,
                alteration,
                predicate,
                afterText,
                otherwise,
                dialect.quote(alteration.current().name()));
    }

    /** {@link #first} over another column of the values (of a scratch table). */
    protected Optional<ChangedValues> first(
            Connection connection,
            TablePath table,
            ColumnAlteration alteration,
            String predicate,
            @Nullable String afterText,
            String otherwise,
            String c)
            throws SQLException {
        String sql =
                "SELECT COUNT(*) OVER () AS schemaop_count, "
                        + text(c, alteration.current().type())
                        + " AS schemaop_value, "
                        + (afterText == null ? "NULL" : afterText)
                        + " AS schemaop_after FROM "
                        + dialect.table(table)
                        + " WHERE "
                        + c
                        + " IS NOT NULL AND ("
                        + predicate
                        + ") ORDER BY "
                        + c
                        + " LIMIT 1";
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            if (!rs.next()) {
                return Optional.empty();
            }
            return Optional.of(
                    changed(
                            alteration,
                            rs.getLong(1),
                            rs.getString(2),
                            rs.getString(3),
                            otherwise));
        }
    }

    /** The result for a value and its conversion (null: none), rendered for a message. */
    protected static ChangedValues changed(
            ColumnAlteration alteration,
            long count,
            String value,
            @Nullable String after,
            String otherwise) {
        return ChangedValues.of(
                count,
                ChangedValues.render(value, quoted(alteration.current().type())),
                after == null ? null : ChangedValues.render(after, quoted(alteration.newType())),
                otherwise);
    }

    private static boolean quoted(DataType type) {
        return !UNQUOTED.contains(type.getTypeRoot());
    }

    /** Values whose text is longer than {@code length} characters (or changes in a CHAR). */
    protected String longerThan(String column, int length, boolean toChar) {
        return charLength(column) + " > " + length;
    }

    /** The text of the value cut to {@code length} characters, as the new column holds it. */
    protected String cutTo(String column, int length, boolean toChar) {
        return "LEFT(" + asText(column) + ", " + length + ")";
    }

    private static String decimalChanges(String x, DataType newType) {
        int scale = DataTypes.getScale(newType).orElse(0);
        return x
                + " <> ROUND("
                + x
                + ", "
                + scale
                + ") OR ABS(ROUND("
                + x
                + ", "
                + scale
                + ")) >= "
                + decimalLimit(newType);
    }

    private String decimalAfter(String x, DataType newType) {
        int scale = DataTypes.getScale(newType).orElse(0);
        String rounded = "ROUND(" + x + ", " + scale + ")";
        return asText(
                "CASE WHEN ABS("
                        + rounded
                        + ") < "
                        + decimalLimit(newType)
                        + " THEN "
                        + rounded
                        + " END");
    }

    /** The smallest number without the new type's room: 10^(precision - scale). */
    private static String decimalLimit(DataType newType) {
        int precision = DataTypes.getPrecision(newType).orElse(10);
        int scale = DataTypes.getScale(newType).orElse(0);
        return BigDecimal.TEN.pow(precision - scale).toPlainString();
    }

    private static String integerChanges(String x, boolean fractions, DataType newType) {
        DataTypeRoot root = newType.getTypeRoot();
        return (fractions ? x + " <> ROUND(" + x + ") OR " : "")
                + x
                + " < "
                + ValueChange.minInteger(root)
                + " OR "
                + x
                + " > "
                + ValueChange.maxInteger(root);
    }

    private String integerAfter(String x, DataType newType) {
        DataTypeRoot root = newType.getTypeRoot();
        return asText(
                "CASE WHEN ROUND("
                        + x
                        + ") BETWEEN "
                        + ValueChange.minInteger(root)
                        + " AND "
                        + ValueChange.maxInteger(root)
                        + " THEN ROUND("
                        + x
                        + ") END");
    }

    // ---------------------------------------------------------------------------------------
    // The dialect's SQL

    /** The stored value's text, for a message. */
    protected abstract String text(String column, DataType type);

    /** An expression's text. */
    protected abstract String asText(String expression);

    /** The pattern of {@link #matchesNumber}. */
    protected static final String NUMBER_PATTERN = "'^-?[0-9]+([.][0-9]+)?$'";

    /** Characters of the value's text. */
    protected abstract String charLength(String column);

    /** Bytes of a binary value. */
    protected abstract String byteLength(String column);

    /** The value as an exact number (an integer or decimal column). */
    protected abstract String exact(String column);

    /** Whether the text is a plain number: an optional minus, digits, an optional fraction. */
    protected abstract String matchesNumber(String column);

    /** The number a text {@link #matchesNumber} reads as, exactly. */
    protected abstract String textAsNumber(String column);

    /** The time or timestamp converted to the new type's fractional precision. */
    protected abstract String castTime(String column, DataType newType, String newSqlType);

    /**
     * The values that do not come back as they are when converted to the new type and back, or do
     * not convert at all.
     *
     * @throws SQLException the database's answer when it has no conversion between the types at all
     *     (it would refuse the change whatever the rows hold)
     */
    protected abstract Optional<ChangedValues> roundTrip(
            Connection connection, TablePath table, ColumnAlteration alteration)
            throws SQLException;
}
