package dev.schemaop.pipeline.definition;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A block's connector options as written: in their order, no null key or value. */
final class OrderedOptions {

    private OrderedOptions() {}

    /** An unmodifiable copy that keeps the order the options were written in. */
    static Map<String, String> copyOf(Map<String, String> options) {
        Map<String, String> copy = new LinkedHashMap<>();
        options.forEach(
                (key, value) -> {
                    if (key == null || value == null) {
                        throw new NullPointerException("Option keys and values must not be null");
                    }
                    copy.put(key, value);
                });
        return Collections.unmodifiableMap(copy);
    }
}
