package dev.schemaop.benchmarks.topology;

import dev.schemaop.benchmarks.source.GeneratorSourceFactory;
import dev.schemaop.benchmarks.workload.WorkloadOptions;
import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.util.Locale;
import java.util.Map;

/**
 * (c) this project's runtime, composed from a pipeline definition by its own composer, as {@code
 * bin/flink-cdc.sh} composes it; into the counting sink (W1 to W4) or a real one (W5).
 */
public final class SchemaOperatorTopology implements Topology {
    private final SinkBlock sink;

    public SchemaOperatorTopology() {
        this(SinkBlock.counting());
    }

    public SchemaOperatorTopology(SinkBlock sink) {
        this.sink = sink;
    }

    @Override
    public String key() {
        return "c";
    }

    @Override
    public boolean hasBehavior() {
        return true;
    }

    @Override
    public String registryUid() {
        return "schema-operator";
    }

    @Override
    public void build(StreamExecutionEnvironment env, RunSpec run) {
        PipelineDefinition definition =
                new PipelineDefinitionParser()
                        .parse(definitionText(run, sink), "benchmark " + run.runId(), Map.of());
        new PipelineComposer(getClass().getClassLoader()).compose(definition, env);
    }

    static String definitionText(RunSpec run, SinkBlock sink) {
        Map<String, String> options = WorkloadOptions.of(run.runId(), run.workload());
        StringBuilder yaml = new StringBuilder();
        yaml.append("source:\n  type: ").append(GeneratorSourceFactory.IDENTIFIER).append('\n');
        block(yaml, options);
        if (run.measureAtEnd()) {
            yaml.append("  ")
                    .append(WorkloadOptions.CHECKPOINT_DIR.key())
                    .append(": \"")
                    .append(run.checkpointDir())
                    .append("\"\n");
        }
        yaml.append("sink:\n  type: ").append(sink.type()).append('\n');
        block(yaml, sink.options(run));
        yaml.append("pipeline:\n  parallelism: ").append(run.parallelism()).append('\n');
        yaml.append("  schema.change.behavior: ")
                .append(run.behavior().name().toLowerCase(Locale.ROOT))
                .append('\n');
        return yaml.toString();
    }

    private static void block(StringBuilder yaml, Map<String, String> options) {
        options.forEach(
                (key, value) ->
                        yaml.append("  ")
                                .append(key)
                                .append(": \"")
                                .append(quoted(value))
                                .append("\"\n"));
    }

    /** The inside of a YAML double-quoted scalar (a password may hold anything). */
    private static String quoted(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
