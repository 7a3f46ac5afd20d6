package dev.schemaop.connectors.jdbc;

import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.MariaDbDialect;

/** {@code sink: type: mariadb}. */
public class MariaDbDataSinkFactory extends JdbcDataSinkFactory {

    public static final String IDENTIFIER = "mariadb";

    @Override
    protected JdbcDialect dialect() {
        return new MariaDbDialect();
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }
}
