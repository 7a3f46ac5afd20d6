package dev.schemaop.registry;

import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;

/** Creates the {@link SchemaRegistry} of one schema operator on the JobManager. */
public final class SchemaRegistryProvider implements OperatorCoordinator.Provider {
    private static final long serialVersionUID = 1L;

    private final OperatorID operatorId;
    private final RegistryConfig config;

    public SchemaRegistryProvider(OperatorID operatorId, RegistryConfig config) {
        this.operatorId = operatorId;
        this.config = config;
    }

    @Override
    public OperatorID getOperatorId() {
        return operatorId;
    }

    @Override
    public OperatorCoordinator create(OperatorCoordinator.Context context) {
        return new SchemaRegistry(context, config);
    }
}
