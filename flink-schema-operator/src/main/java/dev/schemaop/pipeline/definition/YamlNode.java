package dev.schemaop.pipeline.definition;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Optional;

/** A YAML value that remembers where it was written, read by {@link YamlTreeReader}. */
sealed interface YamlNode permits YamlNode.Scalar, YamlNode.Sequence, YamlNode.Mapping {

    Location location();

    /** "a list", "a mapping", .. for messages. */
    String describe();

    /** What YAML made of a plain or quoted scalar. */
    enum ScalarKind {
        STRING,
        NUMBER,
        TRUE,
        FALSE,
        NULL
    }

    /** A scalar; {@code text} is as written (without quotes), e.g. {@code yes} for a boolean. */
    record Scalar(ScalarKind kind, String text, Location location) implements YamlNode {

        boolean isNull() {
            return kind == ScalarKind.NULL;
        }

        boolean isBoolean() {
            return kind == ScalarKind.TRUE || kind == ScalarKind.FALSE;
        }

        /** As an option value: booleans as {@code true}/{@code false}, the rest as written. */
        @Nullable
        String optionValue() {
            return switch (kind) {
                case TRUE -> "true";
                case FALSE -> "false";
                case NULL -> null;
                default -> text;
            };
        }

        @Override
        public String describe() {
            return isNull() ? "empty" : "a single value";
        }
    }

    record Sequence(List<YamlNode> items, Location location) implements YamlNode {
        public Sequence {
            items = List.copyOf(items);
        }

        @Override
        public String describe() {
            return "a list";
        }
    }

    /** One {@code key: value} pair of a mapping. */
    record Entry(String key, Location keyLocation, YamlNode value) {}

    /** A mapping, its entries in file order (keys are unique: the reader rejects duplicates). */
    record Mapping(List<Entry> entries, Location location) implements YamlNode {
        public Mapping {
            entries = List.copyOf(entries);
        }

        Optional<Entry> get(String key) {
            return entries.stream().filter(e -> e.key().equals(key)).findFirst();
        }

        @Override
        public String describe() {
            return "a mapping";
        }
    }
}
