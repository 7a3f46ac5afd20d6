package dev.schemaop.pipeline.definition;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a source or sink block was written ({@code file:line}), and where each of its keys was, so
 * that a message about one option points at that option's line.
 *
 * @param block where the block's key ({@code source:}, {@code sink:}) was written
 * @param keys where each key of the block was written, by key
 */
public record BlockLocation(String block, Map<String, String> keys) {

    public BlockLocation {
        keys = Map.copyOf(keys);
    }

    /** Where {@code key} was written; the block's place when the block has no such key. */
    public String of(String key) {
        return keys.getOrDefault(key, block);
    }

    /**
     * Where the key was written that a connector's message names first (quoted or as a word), for a
     * message that says which option is wrong without saying where; the block's place when it names
     * none of the block's keys.
     */
    public String ofKeyNamedIn(String message) {
        String first = null;
        int firstAt = Integer.MAX_VALUE;
        for (String key : keys.keySet()) {
            Matcher named =
                    Pattern.compile("(?<![\\w.-])" + Pattern.quote(key) + "(?![\\w.=-])")
                            .matcher(message);
            if (named.find() && named.start() < firstAt) {
                first = key;
                firstAt = named.start();
            }
        }
        return first == null ? block : keys.get(first);
    }

    @Override
    public String toString() {
        return block;
    }
}
