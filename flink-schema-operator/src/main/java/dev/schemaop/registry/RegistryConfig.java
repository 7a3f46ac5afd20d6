package dev.schemaop.registry;

import dev.schemaop.expansion.ExpansionMode;
import dev.schemaop.route.RouteRule;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.sink.MetadataApplier;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/** Everything the schema registry is built from; shipped with the job graph. */
public final class RegistryConfig implements Serializable {
    private static final long serialVersionUID = 1L;

    private final SchemaChangeBehavior behavior;
    private final boolean explicitCast;
    private final Set<SchemaChangeEventType> acceptedTypes;
    private final List<RouteRule> routes;
    private final MetadataApplier applier;
    private final Duration rpcTimeout;
    private final int sinkParallelism;
    private final AppliedLogLocation appliedLog;
    private final ExpansionMode expansionMode;
    @Nullable private HistoryLocation history;
    private boolean writersBehindTopology;

    public RegistryConfig(
            SchemaChangeBehavior behavior,
            boolean explicitCast,
            Set<SchemaChangeEventType> acceptedTypes,
            List<RouteRule> routes,
            MetadataApplier applier,
            Duration rpcTimeout,
            int sinkParallelism,
            AppliedLogLocation appliedLog,
            ExpansionMode expansionMode) {
        this.behavior = behavior;
        this.explicitCast = explicitCast;
        this.acceptedTypes = Set.copyOf(acceptedTypes);
        this.routes = List.copyOf(routes);
        this.applier = applier;
        this.rpcTimeout = rpcTimeout;
        this.sinkParallelism = sinkParallelism;
        this.appliedLog = appliedLog;
        this.expansionMode = expansionMode;
    }

    public SchemaChangeBehavior behavior() {
        return behavior;
    }

    public boolean explicitCast() {
        return explicitCast;
    }

    /** The types the pipeline's include/exclude lists accept (SPEC §4). */
    public Set<SchemaChangeEventType> acceptedTypes() {
        return acceptedTypes;
    }

    public List<RouteRule> routes() {
        return routes;
    }

    public MetadataApplier applier() {
        return applier;
    }

    public Duration rpcTimeout() {
        return rpcTimeout;
    }

    public int sinkParallelism() {
        return sinkParallelism;
    }

    /** Where the registry keeps its log of applied changes (SPEC G6). */
    public AppliedLogLocation appliedLog() {
        return appliedLog;
    }

    /** The same configuration, with the decision history written where {@code history} says. */
    public RegistryConfig withHistory(HistoryLocation history) {
        RegistryConfig copy =
                new RegistryConfig(
                        behavior,
                        explicitCast,
                        acceptedTypes,
                        routes,
                        applier,
                        rpcTimeout,
                        sinkParallelism,
                        appliedLog,
                        expansionMode);
        copy.history = history;
        copy.writersBehindTopology = writersBehindTopology;
        return copy;
    }

    /**
     * The same configuration, for a sink whose writers sit behind its pre-write topology: they
     * acknowledge flushes by number, and each change is fenced ({@code protocol.FenceSent}).
     */
    public RegistryConfig withWritersBehindTopology(boolean behindTopology) {
        RegistryConfig copy = withHistory(history);
        copy.writersBehindTopology = behindTopology;
        return copy;
    }

    public boolean writersBehindTopology() {
        return writersBehindTopology;
    }

    /** Where the decision history goes; null: no history. */
    @Nullable
    public HistoryLocation history() {
        return history;
    }

    /** The sink's {@code existing-table.schema-expansion.mode} (SPEC §6). */
    public ExpansionMode expansionMode() {
        return expansionMode;
    }
}
