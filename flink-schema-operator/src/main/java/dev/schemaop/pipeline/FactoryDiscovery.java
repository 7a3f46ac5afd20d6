package dev.schemaop.pipeline;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.pipeline.definition.BlockLocation;

import org.apache.flink.cdc.common.factories.Factory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * Creates a pipeline's connectors: finds their factories through the flink-cdc-common {@link
 * Factory} SPI ({@code META-INF/services/org.apache.flink.cdc.common.factories.Factory}) in the
 * pipeline's class loader: the jars passed with {@code --jar}, those of the lib directory, the
 * project's connectors the pipeline names and the class path.
 */
public final class FactoryDiscovery {
    private static final Logger LOG = LoggerFactory.getLogger(FactoryDiscovery.class);

    private FactoryDiscovery() {}

    /**
     * The connector of a {@code source} or {@code sink} block, created by its factory. A factory
     * that refuses its options is bad input: one message naming the line of the option it names
     * (else the block's), and the reason.
     *
     * @param where where the block and its keys were written; {@code null} when unknown
     */
    static <F extends Factory, C> C create(
            Class<F> kind,
            String block,
            String type,
            @Nullable BlockLocation where,
            Factory.Context context,
            BiFunction<F, Factory.Context, C> create) {
        String typeLine = where == null ? "the " + block + " block" : where.of("type");
        F factory = find(type, kind, block, typeLine, context.getClassLoader());
        try {
            return create.apply(factory, context);
        } catch (PipelineConfigException e) {
            throw e;
        } catch (RuntimeException e) {
            String reason = e.getMessage() == null ? e.toString() : e.getMessage().strip();
            String line = where == null ? "the " + block + " block" : where.ofKeyNamedIn(reason);
            throw new PipelineConfigException(
                    String.format(
                            "%s: the '%s' %s connector rejected its options: %s%nFix the %s block.",
                            line, type, block, reason, block),
                    e);
        }
    }

    /**
     * Several connectors of one type: the one nearest to the pipeline's class loader wins, as a
     * user who passes a jar expects: a {@code --jar} over one of the lib directory, over the
     * project's own, over one bundled on the class path (one WARN naming them all). Two at the same
     * distance are an error.
     */
    private static <T extends Factory> T nearest(
            List<T> matches, String identifier, String block, ClassLoader pipelineLoader) {
        int nearest =
                matches.stream().mapToInt(f -> distance(pipelineLoader, f)).min().orElseThrow();
        List<T> chosen =
                matches.stream().filter(f -> distance(pipelineLoader, f) == nearest).toList();
        if (chosen.size() == 1) {
            T used = chosen.get(0);
            LOG.warn(
                    "Two {} connectors have type '{}': {} from {} is used (a --jar wins over the"
                            + " lib directory, which wins over the project's own connectors and the"
                            + " class path), not {}.",
                    block,
                    identifier,
                    used.getClass().getName(),
                    jarOf(used),
                    matches.stream()
                            .filter(f -> f != used)
                            .map(f -> f.getClass().getName() + " from " + jarOf(f))
                            .toList());
            return used;
        }
        throw new PipelineConfigException(
                String.format(
                        "Several %s connectors have type '%s': %s. Keep only one of their jars (passed with --jar or in the lib directory).",
                        block,
                        identifier,
                        chosen.stream()
                                .map(f -> f.getClass().getName() + " from " + jarOf(f))
                                .toList()));
    }

    /** How many parents up from the pipeline's class loader the factory was loaded. */
    private static int distance(ClassLoader pipelineLoader, Factory factory) {
        ClassLoader own = factory.getClass().getClassLoader();
        int steps = 0;
        for (ClassLoader loader = pipelineLoader; loader != null; loader = loader.getParent()) {
            if (loader == own) {
                return steps;
            }
            steps++;
        }
        return Integer.MAX_VALUE;
    }

    /**
     * The message for a type no connector has: where {@code type} was written, the types there are.
     */
    public static PipelineConfigException notFound(
            String where, String block, String type, Collection<String> available) {
        return new PipelineConfigException(
                String.format(
                        "%s: no %s connector of type '%s' was found. Available: %s. "
                                + "Pass the connector's jar with --jar, or fix 'type'.",
                        where,
                        block,
                        type,
                        available.isEmpty() ? "none" : new TreeSet<>(available)));
    }

    /** Where a factory was loaded from, for messages and listings. */
    public static String jarOf(Factory factory) {
        CodeSource source = factory.getClass().getProtectionDomain().getCodeSource();
        return source == null || source.getLocation() == null
                ? "an unknown location"
                : source.getLocation().getPath();
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
            throw notFound(where, block, identifier, available);
        }
        if (matches.size() > 1) {
            return nearest(matches, identifier, block, classLoader);
        }
        return matches.get(0);
    }
}
