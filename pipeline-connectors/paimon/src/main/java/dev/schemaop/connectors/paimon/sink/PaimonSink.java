package dev.schemaop.connectors.paimon.sink;

import dev.schemaop.connectors.paimon.catalog.CatalogSettings;

import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * The Flink sink (Sink API v2): a {@link PaimonWriter} per subtask and a {@link PaimonCommitter}
 * that commits each completed checkpoint's files. Exactly once.
 */
public class PaimonSink
        implements org.apache.flink.api.connector.sink2.Sink<Event>,
                SupportsCommitter<PaimonCommittable> {
    private static final long serialVersionUID = 1L;

    private final CatalogSettings catalog;
    private final String commitUserPrefix;

    public PaimonSink(CatalogSettings catalog, String commitUserPrefix) {
        this.catalog = catalog;
        this.commitUserPrefix = commitUserPrefix;
    }

    @Override
    public SinkWriter<Event> createWriter(WriterInitContext context) {
        return new PaimonWriter(catalog, commitUserPrefix, context.metricGroup());
    }

    @Override
    @SuppressWarnings("deprecation")
    public SinkWriter<Event> createWriter(InitContext context) {
        return new PaimonWriter(catalog, commitUserPrefix, context.metricGroup());
    }

    @Override
    public Committer<PaimonCommittable> createCommitter(CommitterInitContext context) {
        return new PaimonCommitter(catalog);
    }

    @Override
    public SimpleVersionedSerializer<PaimonCommittable> getCommittableSerializer() {
        return new CommittableSerializer();
    }

    @Override
    public String toString() {
        return "PaimonSink{" + catalog + "}";
    }
}
