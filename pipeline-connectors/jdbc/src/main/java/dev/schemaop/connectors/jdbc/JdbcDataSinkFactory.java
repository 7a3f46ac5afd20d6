package dev.schemaop.connectors.jdbc;

import dev.schemaop.api.Secrets;
import dev.schemaop.connectors.jdbc.connection.ConnectionCheck;
import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.sink.JdbcDataSink;
import dev.schemaop.connectors.jdbc.sink.WriteOptions;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.sink.DataSink;

import java.util.HashSet;
import java.util.Set;

/**
 * Creates a JDBC sink of one dialect. It runs at submission: it checks the options and connects
 * once (short timeout), so wrong credentials, a wrong host or port or a missing database fail the
 * submission with one message that names the url (without any password) and what to check.
 */
public abstract class JdbcDataSinkFactory implements DataSinkFactory {

    /** The dialect of the sink type. */
    protected abstract JdbcDialect dialect();

    @Override
    public DataSink createDataSink(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validate();
        Configuration config = context.getFactoryConfiguration();
        JdbcDialect dialect = dialect();
        String url = config.get(JdbcSinkOptions.URL).trim();
        if (!url.startsWith(dialect.urlPrefix())) {
            throw new IllegalArgumentException(
                    "Option 'url' of the "
                            + dialect
                            + " sink must start with "
                            + dialect.urlPrefix()
                            + ", e.g. "
                            + dialect.urlExample()
                            + "; it is "
                            + Secrets.maskUrl(url));
        }
        JdbcConnectionOptions connection =
                new JdbcConnectionOptions(
                        url,
                        config.getOptional(JdbcSinkOptions.USERNAME).orElse(null),
                        config.getOptional(JdbcSinkOptions.PASSWORD).orElse(null));
        WriteOptions write =
                new WriteOptions(
                        config.get(JdbcSinkOptions.BUFFER_FLUSH_MAX_ROWS),
                        config.get(JdbcSinkOptions.BUFFER_FLUSH_INTERVAL),
                        config.get(JdbcSinkOptions.MAX_RETRIES));
        ConnectionCheck.check(dialect, connection);
        return new JdbcDataSink(dialect, connection, write);
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        Set<ConfigOption<?>> options = new HashSet<>();
        options.add(JdbcSinkOptions.URL);
        return options;
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new HashSet<>();
        options.add(JdbcSinkOptions.USERNAME);
        options.add(JdbcSinkOptions.PASSWORD);
        options.add(JdbcSinkOptions.BUFFER_FLUSH_MAX_ROWS);
        options.add(JdbcSinkOptions.BUFFER_FLUSH_INTERVAL);
        options.add(JdbcSinkOptions.MAX_RETRIES);
        return options;
    }
}
