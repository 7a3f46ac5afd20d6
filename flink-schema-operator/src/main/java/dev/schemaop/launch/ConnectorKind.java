package dev.schemaop.launch;

import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.DataSourceFactory;
import org.apache.flink.cdc.common.factories.Factory;

import java.util.Collection;
import java.util.List;
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

    /** {@code KIND.TYPE}: how the lookups key a connector. */
    public String key(String type) {
        return block() + "." + type;
    }

    /** The types of this kind among {@code KIND.TYPE} keys, in their order. */
    List<String> typesAmong(Collection<String> keys) {
        String prefix = block() + ".";
        return keys.stream()
                .filter(key -> key.startsWith(prefix))
                .map(key -> key.substring(prefix.length()))
                .toList();
    }

    /** {@code source} or {@code sink}, as in a pipeline definition. */
    public String block() {
        return name().toLowerCase(Locale.ROOT);
    }
}
