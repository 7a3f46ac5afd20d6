package dev.schemaop.launch;

import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.DataSourceFactory;
import org.apache.flink.cdc.common.factories.Factory;

import java.util.Locale;

/** A pipeline block a connector serves. */
public enum ConnectorKind {
    SOURCE(DataSourceFactory.class),
    SINK(DataSinkFactory.class);

    private final Class<? extends Factory> factoryType;

    ConnectorKind(Class<? extends Factory> factoryType) {
        this.factoryType = factoryType;
    }

    public boolean serves(Factory factory) {
        return factoryType.isInstance(factory);
    }

    /** {@code source} or {@code sink}, as in a pipeline definition. */
    public String block() {
        return name().toLowerCase(Locale.ROOT);
    }
}
