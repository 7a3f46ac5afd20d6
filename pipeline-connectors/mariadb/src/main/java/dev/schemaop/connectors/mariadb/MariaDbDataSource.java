package dev.schemaop.connectors.mariadb;

import dev.schemaop.connectors.mariadb.schema.CapturedTablesAccessor;
import dev.schemaop.connectors.mariadb.source.BinlogSource;

import org.apache.flink.cdc.common.source.DataSource;
import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.cdc.common.source.MetadataAccessor;

/** The MariaDB source: a FLIP-27 source of one split, the server's change stream. */
public final class MariaDbDataSource implements DataSource {
    private final SourceSettings settings;

    MariaDbDataSource(SourceSettings settings) {
        this.settings = settings;
    }

    @Override
    public EventSourceProvider getEventSourceProvider() {
        return FlinkSourceProvider.of(new BinlogSource(settings));
    }

    @Override
    public MetadataAccessor getMetadataAccessor() {
        return new CapturedTablesAccessor(settings);
    }
}
