package dev.schemaop.benchmarks.sink;

import dev.schemaop.benchmarks.probe.Probes;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.sink.MetadataApplier;

/**
 * Accepts every change and counts the calls; the table is the writer's business. Each change of an
 * existing table takes {@code delayMs} (W8: a slow {@code ALTER}); creations do not wait.
 */
public final class RecordingApplier implements MetadataApplier {
    private static final long serialVersionUID = 1L;

    private final String runId;
    private final int delayMs;

    public RecordingApplier(String runId, int delayMs) {
        this.runId = runId;
        this.delayMs = delayMs;
    }

    @Override
    public void applySchemaChange(SchemaChangeEvent change) {
        if (delayMs > 0 && !(change instanceof CreateTableEvent)) {
            try {
                Thread.sleep(delayMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while applying " + change, e);
            }
        }
        Probes.of(runId).applierCall();
    }
}
