package dev.schemaop.pipeline.definition;

import dev.schemaop.api.Secrets;
import dev.schemaop.behavior.AcceptedChangeTypes;

import org.apache.flink.cdc.common.configuration.Configuration;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code sink} block. The framework options ({@link #FRAMEWORK_OPTIONS}) are taken out of the
 * connector options: the connector's factory never sees them (SPEC §4, §6). Keys under {@code
 * catalog.properties.} are ordinary connector options.
 *
 * @param type the connector's factory identifier, e.g. {@code paimon}
 * @param name the display name, or {@code null} when not given
 * @param options the connector options without the framework options, unmodifiable
 * @param includedSchemaChanges the {@code include.schema.changes} tags as written (trimmed), or
 *     {@code null} when the option is absent
 * @param excludedSchemaChanges the {@code exclude.schema.changes} tags as written (trimmed), or
 *     {@code null} when the option is absent
 * @param expansionMode {@code existing-table.schema-expansion.mode}, upper case: one of {@link
 *     #EXPANSION_MODES}
 * @param where where the block and its keys were written, for messages about them; not part of
 *     equality
 */
public record SinkDefinition(
        String type,
        @Nullable String name,
        Map<String, String> options,
        @Nullable List<String> includedSchemaChanges,
        @Nullable List<String> excludedSchemaChanges,
        String expansionMode,
        @Nullable BlockLocation where) {

    public static final String EXPANSION_MODE_OPTION = "existing-table.schema-expansion.mode";
    public static final String DEFAULT_EXPANSION_MODE = "DISABLED";
    public static final List<String> EXPANSION_MODES =
            List.of(DEFAULT_EXPANSION_MODE, "CHECK", "TRY_EXPAND", "EXPAND");

    /** Sink keys consumed by the framework and removed from the connector options. */
    public static final List<String> FRAMEWORK_OPTIONS =
            List.of(
                    AcceptedChangeTypes.INCLUDE_OPTION,
                    AcceptedChangeTypes.EXCLUDE_OPTION,
                    EXPANSION_MODE_OPTION);

    public SinkDefinition {
        Objects.requireNonNull(type, "type");
        options = OrderedOptions.copyOf(options);
        for (String framework : FRAMEWORK_OPTIONS) {
            if (options.containsKey(framework)) {
                throw new IllegalArgumentException(
                        "Framework option '" + framework + "' must not be a connector option");
            }
        }
        includedSchemaChanges =
                includedSchemaChanges == null ? null : List.copyOf(includedSchemaChanges);
        excludedSchemaChanges =
                excludedSchemaChanges == null ? null : List.copyOf(excludedSchemaChanges);
        Objects.requireNonNull(expansionMode, "expansionMode");
        if (!EXPANSION_MODES.contains(expansionMode)) {
            throw new IllegalArgumentException(
                    "Expansion mode must be one of " + EXPANSION_MODES + ", got " + expansionMode);
        }
    }

    public SinkDefinition(
            String type,
            @Nullable String name,
            Map<String, String> options,
            @Nullable List<String> includedSchemaChanges,
            @Nullable List<String> excludedSchemaChanges,
            String expansionMode) {
        this(
                type,
                name,
                options,
                includedSchemaChanges,
                excludedSchemaChanges,
                expansionMode,
                null);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SinkDefinition that
                && type.equals(that.type)
                && Objects.equals(name, that.name)
                && options.equals(that.options)
                && Objects.equals(includedSchemaChanges, that.includedSchemaChanges)
                && Objects.equals(excludedSchemaChanges, that.excludedSchemaChanges)
                && expansionMode.equals(that.expansionMode);
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                type, name, options, includedSchemaChanges, excludedSchemaChanges, expansionMode);
    }

    /** The connector options as Flink CDC's factories take them (no framework options). */
    public Configuration toConfiguration() {
        return Configuration.fromMap(options);
    }

    /** Secret values are masked ({@link Secrets}). */
    @Override
    public String toString() {
        return "SinkDefinition{type="
                + type
                + ", name="
                + name
                + ", options="
                + Secrets.maskOptions(options)
                + ", includedSchemaChanges="
                + includedSchemaChanges
                + ", excludedSchemaChanges="
                + excludedSchemaChanges
                + ", expansionMode="
                + expansionMode
                + "}";
    }
}
