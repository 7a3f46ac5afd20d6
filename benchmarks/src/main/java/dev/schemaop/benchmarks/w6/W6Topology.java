package dev.schemaop.benchmarks.w6;

import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.topology.Topology;
import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * W6's topology (c): the MariaDB source ({@code type: mariadb}) into the W6 counting sink, composed
 * from a pipeline definition by this runtime's {@link PipelineComposer}, as {@code
 * bin/flink-cdc.sh} composes it.
 */
public record W6Topology(Map<String, String> source, long snapshotRows) implements Topology {

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
                        .parse(definitionText(run), "benchmark " + run.runId(), Map.of());
        new PipelineComposer(getClass().getClassLoader()).compose(definition, env);
    }

    String definitionText(RunSpec run) {
        Map<String, String> sink = new LinkedHashMap<>();
        sink.put(W6SinkFactory.RUN_ID.key(), run.runId());
        sink.put(W6SinkFactory.SNAPSHOT_ROWS.key(), Long.toString(snapshotRows));
        StringBuilder yaml = new StringBuilder();
        yaml.append("source:\n  type: mariadb\n");
        block(yaml, source);
        yaml.append("sink:\n  type: ").append(W6SinkFactory.IDENTIFIER).append('\n');
        block(yaml, sink);
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
                                .append(value.replace("\\", "\\\\").replace("\"", "\\\""))
                                .append("\"\n"));
    }
}
