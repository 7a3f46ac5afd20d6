package dev.schemaop.connectors.jdbc;

import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.PostgresDialect;

/** {@code sink: type: postgres}. */
public class PostgresDataSinkFactory extends JdbcDataSinkFactory {

    public static final String IDENTIFIER = "postgres";

    @Override
    protected JdbcDialect dialect() {
        return new PostgresDialect();
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }
}
