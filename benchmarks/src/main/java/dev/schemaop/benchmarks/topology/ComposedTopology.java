package dev.schemaop.benchmarks.topology;

import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.PipelineStreamGraph;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;
import dev.schemaop.pipeline.definition.PipelineSettings;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.util.Locale;
import java.util.Map;

/**
 * Topology (c): a pipeline definition composed by this runtime's {@link PipelineComposer}, as
 * {@code bin/flink-cdc.sh} composes it. Implementations write the definition.
 */
public interface ComposedTopology extends Topology {

    /** The pipeline definition (YAML) of one run. */
    String definitionText(RunSpec run);

    @Override
    default String key() {
        return "c";
    }

    @Override
    default boolean hasBehavior() {
        return true;
    }

    @Override
    default String registryUid() {
        return PipelineSettings.defaults().schemaOperatorUid();
    }

    @Override
    default void build(StreamExecutionEnvironment env, RunSpec run) {
        PipelineDefinition definition =
                new PipelineDefinitionParser()
                        .parse(definitionText(run), "benchmark " + run.runId(), Map.of());
        new PipelineComposer(getClass().getClassLoader()).compose(definition, env);
    }

    /** The job as the runtime runs it ({@code bin/flink-cdc.sh} builds its graph the same way). */
    @Override
    default StreamGraph streamGraph(StreamExecutionEnvironment env) {
        return PipelineStreamGraph.of(env);
    }

    /**
     * A connector block's options, each a YAML double-quoted scalar (a password may hold anything).
     */
    static void block(StringBuilder yaml, Map<String, String> options) {
        options.forEach(
                (key, value) ->
                        yaml.append("  ")
                                .append(key)
                                .append(": \"")
                                .append(value.replace("\\", "\\\\").replace("\"", "\\\""))
                                .append("\"\n"));
    }

    /** The pipeline block: the run's parallelism and behavior. */
    static void pipelineBlock(StringBuilder yaml, RunSpec run) {
        yaml.append("pipeline:\n  parallelism: ").append(run.parallelism()).append('\n');
        yaml.append("  schema.change.behavior: ")
                .append(run.behavior().name().toLowerCase(Locale.ROOT))
                .append('\n');
    }
}
