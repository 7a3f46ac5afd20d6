package dev.schemaop.e2e;

import java.util.Map;
import java.util.Set;

/** The one-time failures the values connector injected, recorded JVM-wide by the connector. */
public final class InjectedFailures {
    private InjectedFailures() {}

    @SuppressWarnings("unchecked")
    public static Set<String> all() {
        Map<String, Object> registry =
                (Map<String, Object>)
                        System.getProperties().get("dev.schemaop.connectors.values.registry");
        Object failed = registry == null ? null : registry.get("\u0000failed-once");
        return failed == null ? Set.of() : (Set<String>) failed;
    }
}
