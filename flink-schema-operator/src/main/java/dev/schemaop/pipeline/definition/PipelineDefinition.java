package dev.schemaop.pipeline.definition;

import dev.schemaop.api.Secrets;
import dev.schemaop.behavior.AcceptedChangeTypes;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A parsed pipeline definition (SPEC §8): one source, one sink, its routes in the order written,
 * and the pipeline settings. Immutable; built by {@link PipelineDefinitionParser}.
 */
public record PipelineDefinition(
        SourceDefinition source,
        SinkDefinition sink,
        List<RouteDefinition> routes,
        PipelineSettings settings) {

    public PipelineDefinition {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(sink, "sink");
        Objects.requireNonNull(settings, "settings");
        routes = List.copyOf(routes);
    }

    /** The schema change types the sink accepts: SPEC §4 over the sink's lists and the behavior. */
    public Set<SchemaChangeEventType> acceptedSchemaChanges() {
        return AcceptedChangeTypes.accepted(
                sink.includedSchemaChanges(), sink.excludedSchemaChanges(), settings.behavior());
    }

    /**
     * Every secret value of the source's and the sink's options ({@link Secrets#secretsIn}), for
     * whatever prints text a connector or library made.
     */
    public List<String> secrets() {
        List<String> secrets = new ArrayList<>(Secrets.secretsIn(source.options()));
        secrets.addAll(Secrets.secretsIn(sink.options()));
        return secrets;
    }
}
