package dev.schemaop.connectors.jdbc.dialect;

import dev.schemaop.connectors.jdbc.catalog.TablePath;

import org.apache.flink.cdc.common.types.DataType;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.Optional;

/**
 * PostgreSQL's SQL for {@link StoredValueCheck}. The applier runs it in the transaction of the
 * change, after locking the table. A round trip is {@code (v::new)::old}, the conversion {@code
 * ALTER COLUMN .. TYPE new USING v::new} makes; a value that does not convert raises an error for
 * the whole query, so then a function (in {@code pg_temp}, created in the change's transaction,
 * which the refusal that follows rolls back) converts value by value, catching each error, to count
 * them and show one.
 */
final class PostgresStoredValueCheck extends StoredValueCheck {

    /** SQLState class of data exceptions: a value the cast refuses. */
    private static final String DATA_EXCEPTION = "22";

    /** No cast between the types (cannot coerce), or no function for it. */
    private static final String CANNOT_COERCE = "42846";

    private static final String UNDEFINED_FUNCTION = "42883";

    /**
     * {@code schemaop_convert(v, old, new, as_text)}: null when the value (the text of a value of
     * type old) comes back as it was from type new (compared as text when there is no way back),
     * {@code changed:<text>} when it comes back otherwise, {@code error:<message>} when it does not
     * convert.
     */
    private static final String CONVERT_FUNCTION =
            "CREATE OR REPLACE FUNCTION pg_temp.schemaop_convert(v text, old_type text,"
                    + " new_type text, as_text boolean) RETURNS text LANGUAGE plpgsql AS $f$"
                    + " DECLARE converted text; same boolean;"
                    + " BEGIN"
                    + " EXECUTE format('SELECT ((%1$L::%2$s)::%3$s)::text', v, old_type, new_type)"
                    + " INTO converted;"
                    + " IF as_text THEN same := converted IS NOT DISTINCT FROM v;"
                    + " ELSE EXECUTE format('SELECT ((%1$L::%2$s)::%3$s)::%2$s"
                    + " IS NOT DISTINCT FROM %1$L::%2$s', v, old_type, new_type) INTO same;"
                    + " END IF;"
                    + " RETURN CASE WHEN same THEN NULL ELSE 'changed:' || converted END;"
                    + " EXCEPTION WHEN OTHERS THEN RETURN 'error:' || SQLERRM;"
                    + " END $f$";

    PostgresStoredValueCheck(JdbcDialect dialect) {
        super(dialect);
    }

    @Override
    protected String text(String column, DataType type) {
        return column + "::text";
    }

    @Override
    protected String asText(String expression) {
        return "(" + expression + ")::text";
    }

    @Override
    protected String charLength(String column) {
        return "char_length(" + column + "::text)";
    }

    @Override
    protected String byteLength(String column) {
        return "octet_length(" + column + ")";
    }

    @Override
    protected String exact(String column) {
        return column + "::numeric";
    }

    @Override
    protected String matchesNumber(String column) {
        return column + "::text ~ " + NUMBER_PATTERN;
    }

    @Override
    protected String textAsNumber(String column) {
        return column + "::text::numeric";
    }

    @Override
    protected String castTime(String column, DataType newType, String newSqlType) {
        return column + "::" + newSqlType;
    }

    @Override
    protected Optional<ChangedValues> roundTrip(
            Connection connection, TablePath table, ColumnAlteration alteration)
            throws SQLException {
        try {
            return inOneQuery(connection, table, alteration, false);
        } catch (SQLException e) {
            if (!CANNOT_COERCE.equals(e.getSQLState())
                    && !UNDEFINED_FUNCTION.equals(e.getSQLState())) {
                throw e;
            }
        }
        // no conversion back to the old type: the values whose text changes (when there is no
        // conversion to the new type either, the database's answer is its answer to the change)
        return inOneQuery(connection, table, alteration, true);
    }

    /**
     * Every value compared with its round trip in one query; when a value does not convert (an
     * error for the whole query), {@link #valueByValue}.
     */
    private Optional<ChangedValues> inOneQuery(
            Connection connection, TablePath table, ColumnAlteration alteration, boolean asText)
            throws SQLException {
        String c = dialect.quote(alteration.current().name());
        String converted = "(" + c + "::" + alteration.newSqlType() + ")";
        String predicate =
                asText
                        ? converted + "::text IS DISTINCT FROM " + c + "::text"
                        : converted
                                + "::"
                                + alteration.current().sqlType().text()
                                + " IS DISTINCT FROM "
                                + c;
        Savepoint savepoint = connection.setSavepoint();
        try {
            Optional<ChangedValues> found =
                    first(connection, table, alteration, predicate, converted + "::text", "");
            connection.releaseSavepoint(savepoint);
            return found;
        } catch (SQLException e) {
            connection.rollback(savepoint);
            if (e.getSQLState() != null && e.getSQLState().startsWith(DATA_EXCEPTION)) {
                return valueByValue(connection, table, alteration, asText);
            }
            throw e;
        }
    }

    /** Each value converted by itself, its error caught: slow, only when some value fails. */
    private Optional<ChangedValues> valueByValue(
            Connection connection, TablePath table, ColumnAlteration alteration, boolean asText)
            throws SQLException {
        String c = dialect.quote(alteration.current().name());
        try (Statement statement = connection.createStatement()) {
            statement.execute(CONVERT_FUNCTION);
        }
        String sql =
                "SELECT COUNT(*) OVER (), v, r FROM (SELECT "
                        + c
                        + "::text AS v, pg_temp.schemaop_convert("
                        + c
                        + "::text, "
                        + dialect.stringLiteral(alteration.current().sqlType().text())
                        + ", "
                        + dialect.stringLiteral(alteration.newSqlType())
                        + ", "
                        + asText
                        + ") AS r FROM "
                        + dialect.table(table)
                        + " WHERE "
                        + c
                        + " IS NOT NULL) x WHERE r IS NOT NULL"
                        + " ORDER BY r LIKE 'changed:%', v LIMIT 1";
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            if (!rs.next()) {
                return Optional.empty();
            }
            String result = rs.getString(3);
            boolean convertible = result.startsWith("changed:");
            return Optional.of(
                    changed(
                            alteration,
                            rs.getLong(1),
                            rs.getString(2),
                            convertible ? result.substring("changed:".length()) : null,
                            "cannot be converted ("
                                    + result.substring(result.indexOf(':') + 1)
                                    + ")"));
        }
    }
}
