package dev.schemaop.connectors.debezium;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A source block's {@code debezium.*} options: passed to Debezium, over the source's own settings,
 * except those the source decides itself, which are refused at submission with one message per
 * option (which, why the source owns it, what to use instead).
 */
public final class DebeziumOptions {
    public static final String PREFIX = "debezium.";

    /** Options (without the prefix) one reason covers. */
    public record Refusal(Predicate<String> matches, String why, String instead) {}

    private DebeziumOptions() {}

    /** Options starting with one of {@code prefixes}. */
    public static Predicate<String> prefixes(String... prefixes) {
        List<String> all = Arrays.asList(prefixes);
        return key -> all.stream().anyMatch(key::startsWith);
    }

    /** The key itself, or a key under it ({@code name.*}). */
    public static Predicate<String> under(String name) {
        return key -> key.equals(name) || key.startsWith(name + ".");
    }

    /**
     * The block's {@code debezium.*} options without the prefix.
     *
     * @param source the source's type, for the message
     * @throws IllegalArgumentException for the first refused option, by name
     */
    public static Map<String, String> of(
            Map<String, String> block, String source, List<Refusal> refusals) {
        Map<String, String> options = new TreeMap<>();
        block.forEach(
                (key, value) -> {
                    if (key.startsWith(PREFIX)) {
                        options.put(key.substring(PREFIX.length()), value);
                    }
                });
        for (String key : options.keySet()) {
            for (Refusal refusal : refusals) {
                if (refusal.matches().test(key)) {
                    throw new IllegalArgumentException(
                            "Option '"
                                    + PREFIX
                                    + key
                                    + "' of the "
                                    + source
                                    + " source cannot be passed to Debezium: "
                                    + refusal.why()
                                    + ". Remove it; "
                                    + refusal.instead()
                                    + ".");
                }
            }
        }
        return options;
    }
}
