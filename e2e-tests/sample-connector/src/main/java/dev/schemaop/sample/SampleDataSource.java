package dev.schemaop.sample;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.source.DataSource;
import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.cdc.common.source.MetadataAccessor;

import java.util.Collections;
import java.util.List;

/** The {@code sample-source} DataSource: a {@link SampleSource} behind a FlinkSourceProvider. */
public final class SampleDataSource implements DataSource {

    private final int rows;

    public SampleDataSource(int rows) {
        this.rows = rows;
    }

    @Override
    public EventSourceProvider getEventSourceProvider() {
        return FlinkSourceProvider.of(new SampleSource(rows));
    }

    @Override
    public MetadataAccessor getMetadataAccessor() {
        return new SampleMetadataAccessor();
    }

    /** Describes the one table; its schema is the one the script creates it with. */
    static final class SampleMetadataAccessor implements MetadataAccessor {
        @Override
        public List<String> listNamespaces() {
            return Collections.emptyList();
        }

        @Override
        public List<String> listSchemas(String namespace) {
            return Collections.singletonList(SampleScript.TABLE.getSchemaName());
        }

        @Override
        public List<TableId> listTables(String namespace, String schemaName) {
            return SampleScript.TABLE.getSchemaName().equals(schemaName)
                    ? Collections.singletonList(SampleScript.TABLE)
                    : Collections.emptyList();
        }

        @Override
        public Schema getTableSchema(TableId tableId) {
            if (!SampleScript.TABLE.equals(tableId)) {
                throw new IllegalArgumentException("Unknown table " + tableId);
            }
            return SampleScript.SCHEMA_V1;
        }
    }
}
