package dev.schemaop.pipeline.definition;

import dev.schemaop.api.Secrets;

import org.apache.flink.cdc.common.configuration.Configuration;

import javax.annotation.Nullable;

import java.util.Map;
import java.util.Objects;

/**
 * The {@code source} block: the connector type, an optional display name, and every other key as a
 * connector option (values rendered as strings, in the order written).
 *
 * @param type the connector's factory identifier, e.g. {@code mysql}
 * @param name the display name, or {@code null} when not given
 * @param options the connector options, unmodifiable
 * @param where where the block and its keys were written, for messages about them; not part of
 *     equality
 */
public record SourceDefinition(
        String type,
        @Nullable String name,
        Map<String, String> options,
        @Nullable BlockLocation where) {

    public SourceDefinition {
        Objects.requireNonNull(type, "type");
        options = OrderedOptions.copyOf(options);
    }

    public SourceDefinition(String type, @Nullable String name, Map<String, String> options) {
        this(type, name, options, null);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SourceDefinition that
                && type.equals(that.type)
                && Objects.equals(name, that.name)
                && options.equals(that.options);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, name, options);
    }

    /** The connector options as Flink CDC's factories take them. */
    public Configuration toConfiguration() {
        return Configuration.fromMap(options);
    }

    /** Secret values are masked ({@link Secrets}). */
    @Override
    public String toString() {
        return "SourceDefinition{type="
                + type
                + ", name="
                + name
                + ", options="
                + Secrets.maskOptions(options)
                + "}";
    }
}
