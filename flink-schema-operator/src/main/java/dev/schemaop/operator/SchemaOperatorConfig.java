package dev.schemaop.operator;

import dev.schemaop.route.RouteRule;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.function.HashFunctionProvider;

import java.io.Serializable;
import java.util.List;

/** What every schema operator subtask is built from; shipped with the job graph. */
public final class SchemaOperatorConfig implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<RouteRule> routes;
    private final HashFunctionProvider<DataChangeEvent> hashFunctions;
    private final int sinkParallelism;
    private final long maxParkedBytes;
    private final boolean fencesChanges;

    public SchemaOperatorConfig(
            List<RouteRule> routes,
            HashFunctionProvider<DataChangeEvent> hashFunctions,
            int sinkParallelism,
            long maxParkedBytes) {
        this(routes, hashFunctions, sinkParallelism, maxParkedBytes, false);
    }

    /**
     * @param fencesChanges the sink has a pre-write topology: each answer's release is a fence the
     *     registry waits for ({@code protocol.FenceSent})
     */
    public SchemaOperatorConfig(
            List<RouteRule> routes,
            HashFunctionProvider<DataChangeEvent> hashFunctions,
            int sinkParallelism,
            long maxParkedBytes,
            boolean fencesChanges) {
        this.routes = List.copyOf(routes);
        this.hashFunctions = hashFunctions;
        this.sinkParallelism = sinkParallelism;
        this.maxParkedBytes = maxParkedBytes;
        this.fencesChanges = fencesChanges;
    }

    /** Whether the sink's writers sit behind a connector's pre-write topology. */
    public boolean fencesChanges() {
        return fencesChanges;
    }

    public List<RouteRule> routes() {
        return routes;
    }

    public HashFunctionProvider<DataChangeEvent> hashFunctions() {
        return hashFunctions;
    }

    public int sinkParallelism() {
        return sinkParallelism;
    }

    /** How much input may wait behind a pending change before the subtask stops taking input. */
    public long maxParkedBytes() {
        return maxParkedBytes;
    }
}
