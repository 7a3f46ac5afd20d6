package dev.schemaop.connectors.jdbc.dialect;

import dev.schemaop.connectors.jdbc.catalog.TablePath;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;
import org.apache.flink.cdc.common.types.DataTypes;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * MariaDB's SQL for {@link StoredValueCheck}. {@code CAST} reaches few types, so a round trip goes
 * through a temporary table of this session: the stored values copied into a column of the old
 * type, assigned to a column of the new type and back ({@code UPDATE IGNORE}: a value that does not
 * convert becomes what MariaDB makes of it, or stays NULL, instead of failing the statement), and
 * compared. Assignment is the conversion {@code MODIFY COLUMN} makes.
 */
final class MariaDbStoredValueCheck extends StoredValueCheck {

    static final String TEMPORARY_TABLE = "schemaop_value_check";

    MariaDbStoredValueCheck(JdbcDialect dialect) {
        super(dialect);
    }

    @Override
    protected String text(String column, DataType type) {
        DataTypeRoot root = type.getTypeRoot();
        return root == DataTypeRoot.BINARY || root == DataTypeRoot.VARBINARY
                ? "CONCAT('0x', HEX(" + column + "))"
                : asText(column);
    }

    @Override
    protected String asText(String expression) {
        return "CAST(" + expression + " AS CHAR)";
    }

    @Override
    protected String charLength(String column) {
        return "CHAR_LENGTH(" + column + ")";
    }

    @Override
    protected String byteLength(String column) {
        return "LENGTH(" + column + ")";
    }

    @Override
    protected String exact(String column) {
        return column;
    }

    @Override
    protected String matchesNumber(String column) {
        return column + " REGEXP " + NUMBER_PATTERN;
    }

    /** Exact for the numbers MariaDB's DECIMAL holds (65 digits, 30 after the point). */
    @Override
    protected String textAsNumber(String column) {
        return "CAST(" + column + " AS DECIMAL(65,30))";
    }

    /** A CHAR column gives its values back without trailing spaces: those are lost too. */
    @Override
    protected String longerThan(String column, int length, boolean toChar) {
        String longer = super.longerThan(column, length, toChar);
        return toChar
                ? longer
                        + " OR "
                        + charLength(column)
                        + " <> "
                        + charLength("RTRIM(" + column + ")")
                : longer;
    }

    @Override
    protected String cutTo(String column, int length, boolean toChar) {
        String cut = super.cutTo(column, length, toChar);
        return toChar ? "RTRIM(" + cut + ")" : cut;
    }

    @Override
    protected String castTime(String column, DataType newType, String newSqlType) {
        int precision = DataTypes.getPrecision(newType).orElse(0);
        String target =
                newType.getTypeRoot() == DataTypeRoot.TIME_WITHOUT_TIME_ZONE ? "TIME" : "DATETIME";
        return "CAST(" + column + " AS " + target + "(" + precision + "))";
    }

    @Override
    protected Optional<ChangedValues> roundTrip(
            Connection connection, TablePath table, ColumnAlteration alteration)
            throws SQLException {
        String c = dialect.quote(alteration.current().name());
        TablePath scratch = new TablePath(table.schema(), TEMPORARY_TABLE);
        String t = dialect.table(scratch);
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TEMPORARY TABLE IF EXISTS " + t);
            // CREATE .. SELECT copies the column's type, character set and collation
            statement.execute(
                    "CREATE TEMPORARY TABLE "
                            + t
                            + " AS SELECT "
                            + c
                            + " AS o, "
                            + c
                            + " AS b FROM "
                            + dialect.table(table)
                            + " LIMIT 0");
            statement.execute(
                    "ALTER TABLE " + t + " ADD COLUMN n " + alteration.newSqlType() + " NULL");
            statement.execute(
                    "INSERT INTO "
                            + t
                            + " (o, b) SELECT "
                            + c
                            + ", "
                            + c
                            + " FROM "
                            + dialect.table(table)
                            + " WHERE "
                            + c
                            + " IS NOT NULL");
            statement.execute("UPDATE IGNORE " + t + " SET n = o");
            statement.execute("UPDATE IGNORE " + t + " SET b = n");
            try {
                return first(
                        connection,
                        scratch,
                        alteration,
                        "n IS NULL OR NOT (b <=> o) OR CHAR_LENGTH(b) <> CHAR_LENGTH(o)",
                        asText("n"),
                        "cannot be converted",
                        "o");
            } finally {
                statement.execute("DROP TEMPORARY TABLE IF EXISTS " + t);
            }
        }
    }
}
