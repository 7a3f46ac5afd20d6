package dev.schemaop.connectors.postgres;

import dev.schemaop.connectors.postgres.catalog.CapturedTablesAccessor;
import dev.schemaop.connectors.postgres.source.WalSource;

import org.apache.flink.cdc.common.source.DataSource;
import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.cdc.common.source.MetadataAccessor;

/** The PostgreSQL source: a FLIP-27 source of one split, the slot's change stream. */
public final class PostgresDataSource implements DataSource {
    private final PostgresSourceSettings settings;

    PostgresDataSource(PostgresSourceSettings settings) {
        this.settings = settings;
    }

    @Override
    public EventSourceProvider getEventSourceProvider() {
        return FlinkSourceProvider.of(new WalSource(settings));
    }

    @Override
    public MetadataAccessor getMetadataAccessor() {
        return new CapturedTablesAccessor(settings);
    }
}
