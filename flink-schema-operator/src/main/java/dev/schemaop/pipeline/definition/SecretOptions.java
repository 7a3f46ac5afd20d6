package dev.schemaop.pipeline.definition;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Keeps secret option values out of logs and messages (SPEC §9). */
final class SecretOptions {

    static final String MASK = "******";

    private SecretOptions() {}

    /**
     * Whether the value of {@code key} must never be shown: its key mentions a password or secret.
     */
    static boolean isSecret(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        return lower.contains("password") || lower.contains("secret");
    }

    /** {@code options} with every secret value replaced by {@link #MASK}, for toString. */
    static Map<String, String> masked(Map<String, String> options) {
        Map<String, String> masked = new LinkedHashMap<>();
        options.forEach((key, value) -> masked.put(key, isSecret(key) ? MASK : value));
        return masked;
    }

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
