package dev.schemaop.clash;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;

/** Writers that report their commons-collections4; an applier that takes every change. */
final class ClashDataSink implements DataSink {
    private final String type;
    private final String outputDir;

    ClashDataSink(String type, String outputDir) {
        this.type = type;
        this.outputDir = outputDir;
    }

    @Override
    public EventSinkProvider getEventSinkProvider() {
        return FlinkSinkProvider.of(new ClashSink(type, outputDir));
    }

    @Override
    public MetadataApplier getMetadataApplier() {
        return new AcceptingApplier();
    }

    private static final class AcceptingApplier implements MetadataApplier {
        private static final long serialVersionUID = 1L;
        private Set<SchemaChangeEventType> accepted = EnumSet.allOf(SchemaChangeEventType.class);

        @Override
        public MetadataApplier setAcceptedSchemaEvolutionTypes(Set<SchemaChangeEventType> types) {
            accepted = new HashSet<>(types);
            return this;
        }

        @Override
        public boolean acceptsSchemaEvolutionType(SchemaChangeEventType type) {
            return accepted.contains(type);
        }

        @Override
        public Set<SchemaChangeEventType> getSupportedSchemaEvolutionTypes() {
            return EnumSet.allOf(SchemaChangeEventType.class);
        }

        @Override
        public void applySchemaChange(SchemaChangeEvent event) {}
    }
}
