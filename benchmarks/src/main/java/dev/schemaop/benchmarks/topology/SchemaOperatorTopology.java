package dev.schemaop.benchmarks.topology;

import dev.schemaop.benchmarks.source.GeneratorSourceFactory;
import dev.schemaop.benchmarks.workload.WorkloadOptions;

import java.util.Map;

/**
 * (c) this project's runtime, composed from a pipeline definition by its own composer, as {@code
 * bin/flink-cdc.sh} composes it; into the counting sink (W1 to W4) or a real one (W5).
 */
public final class SchemaOperatorTopology implements ComposedTopology {
    private final SinkBlock sink;
    private final Map<String, String> pipelineOptions;

    public SchemaOperatorTopology() {
        this(SinkBlock.counting());
    }

    public SchemaOperatorTopology(SinkBlock sink) {
        this(sink, Map.of());
    }

    /** With more options in the pipeline block (W8: {@code schema-operator.parked-rows.*}). */
    public SchemaOperatorTopology(SinkBlock sink, Map<String, String> pipelineOptions) {
        this.sink = sink;
        this.pipelineOptions = Map.copyOf(pipelineOptions);
    }

    @Override
    public String definitionText(RunSpec run) {
        return definitionText(run, sink, pipelineOptions);
    }

    private static String definitionText(
            RunSpec run, SinkBlock sink, Map<String, String> pipelineOptions) {
        Map<String, String> options = WorkloadOptions.of(run.runId(), run.workload());
        StringBuilder yaml = new StringBuilder();
        yaml.append("source:\n  type: ").append(GeneratorSourceFactory.IDENTIFIER).append('\n');
        ComposedTopology.block(yaml, options);
        if (run.measureAtEnd()) {
            yaml.append("  ")
                    .append(WorkloadOptions.CHECKPOINT_DIR.key())
                    .append(": \"")
                    .append(run.checkpointDir())
                    .append("\"\n");
        }
        yaml.append("sink:\n  type: ").append(sink.type()).append('\n');
        ComposedTopology.block(yaml, sink.options(run));
        ComposedTopology.pipelineBlock(yaml, run);
        ComposedTopology.block(yaml, pipelineOptions);
        return yaml.toString();
    }
}
