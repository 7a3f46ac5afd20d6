package dev.schemaop.connectors.jdbc.sink;

import dev.schemaop.connectors.jdbc.connection.JdbcConnectionOptions;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

/** The JDBC {@link DataSink}: a {@link JdbcSink} and a {@link JdbcMetadataApplier}. */
public class JdbcDataSink implements DataSink {
    private final JdbcDialect dialect;
    private final JdbcConnectionOptions connection;
    private final WriteOptions options;

    public JdbcDataSink(
            JdbcDialect dialect, JdbcConnectionOptions connection, WriteOptions options) {
        this.dialect = dialect;
        this.connection = connection;
        this.options = options;
    }

    @Override
    public EventSinkProvider getEventSinkProvider() {
        return FlinkSinkProvider.of(new JdbcSink(dialect, connection, options));
    }

    @Override
    public MetadataApplier getMetadataApplier() {
        return new JdbcMetadataApplier(dialect, connection, options.maxRetries());
    }

    @Override
    public String toString() {
        return "JdbcDataSink{" + dialect + ", " + connection.describe() + ", " + options + "}";
    }
}
