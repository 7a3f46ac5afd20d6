package dev.schemaop.benchmarks.sink;

import dev.schemaop.benchmarks.probe.Probes;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.sink.MetadataApplier;

/** Accepts every change and counts the calls; the table is the writer's business. */
public final class RecordingApplier implements MetadataApplier {
    private static final long serialVersionUID = 1L;

    private final String runId;

    public RecordingApplier(String runId) {
        this.runId = runId;
    }

    @Override
    public void applySchemaChange(SchemaChangeEvent change) {
        Probes.of(runId).applierCall();
    }
}
