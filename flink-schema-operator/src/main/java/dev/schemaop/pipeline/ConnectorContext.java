package dev.schemaop.pipeline;

import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.Factory;

/** What a connector factory is given: its own options and the pipeline's. */
final class ConnectorContext implements Factory.Context {
    private final Configuration factoryConfiguration;
    private final Configuration pipelineConfiguration;
    private final ClassLoader classLoader;

    ConnectorContext(
            Configuration factoryConfiguration,
            Configuration pipelineConfiguration,
            ClassLoader classLoader) {
        this.factoryConfiguration = factoryConfiguration;
        this.pipelineConfiguration = pipelineConfiguration;
        this.classLoader = classLoader;
    }

    @Override
    public Configuration getFactoryConfiguration() {
        return factoryConfiguration;
    }

    @Override
    public Configuration getPipelineConfiguration() {
        return pipelineConfiguration;
    }

    @Override
    public ClassLoader getClassLoader() {
        return classLoader;
    }
}
