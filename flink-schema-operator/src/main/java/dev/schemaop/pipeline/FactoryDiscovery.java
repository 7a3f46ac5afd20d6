package dev.schemaop.pipeline;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.cdc.common.factories.Factory;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * Creates a pipeline's connectors: finds their factories through the flink-cdc-common {@link
 * Factory} SPI ({@code META-INF/services/org.apache.flink.cdc.common.factories.Factory}), in the
 * jars on the class path and those passed with {@code --jar}.
 */
final class FactoryDiscovery {
    private FactoryDiscovery() {}

    /**
     * The connector of a {@code source} or {@code sink} block, created by its factory. A factory
     * that refuses its options is bad input: one message naming the block and the reason.
     *
     * @param location where the block was written ({@code file:line}) or, unknown, which block
     */
    static <F extends Factory, C> C create(
            Class<F> kind,
            String block,
            String type,
            String location,
            Factory.Context context,
            BiFunction<F, Factory.Context, C> create) {
        F factory = find(type, kind, block, location, context.getClassLoader());
        try {
            return create.apply(factory, context);
        } catch (PipelineConfigException e) {
            throw e;
        } catch (RuntimeException e) {
            String reason = e.getMessage() == null ? e.toString() : e.getMessage().strip();
            throw new PipelineConfigException(
                    String.format(
                            "%s: the '%s' %s connector rejected its options: %s%nFix the %s block.",
                            location, type, block, reason, block),
                    e);
        }
    }

    private static <T extends Factory> T find(
            String identifier, Class<T> kind, String block, String where, ClassLoader classLoader) {
        List<T> matches = new ArrayList<>();
        TreeSet<String> available = new TreeSet<>();
        try {
            for (Factory factory : ServiceLoader.load(Factory.class, classLoader)) {
                if (kind.isInstance(factory)) {
                    available.add(factory.identifier());
                    if (factory.identifier().equals(identifier)) {
                        matches.add(kind.cast(factory));
                    }
                }
            }
        } catch (ServiceConfigurationError | LinkageError e) {
            throw new PipelineConfigException(
                    String.format(
                            "A connector jar could not be loaded: %s. Check the jars passed with"
                                    + " --jar: each must be a connector built for Flink CDC 3.5.",
                            e.getMessage()),
                    e);
        }
        if (matches.isEmpty()) {
            throw new PipelineConfigException(
                    String.format(
                            "%s: no %s connector of type '%s' was found. Available: %s. "
                                    + "Pass the connector's jar with --jar, or fix 'type'.",
                            where, block, identifier, available.isEmpty() ? "none" : available));
        }
        if (matches.size() > 1) {
            throw new PipelineConfigException(
                    String.format(
                            "Several %s connectors have type '%s': %s. Pass only one of their jars.",
                            block, identifier, matches));
        }
        return matches.get(0);
    }
}
