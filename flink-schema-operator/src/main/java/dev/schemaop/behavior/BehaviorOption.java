package dev.schemaop.behavior;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The {@code pipeline.schema.change.behavior} option (SPEC §3): its values and their parsing. */
public final class BehaviorOption {

    private static final String KEY = "pipeline.schema.change.behavior";

    /** Behaviors in the order SPEC §3 lists them (the enum declares them the other way round). */
    private static final List<SchemaChangeBehavior> BEHAVIORS =
            List.of(
                    SchemaChangeBehavior.EXCEPTION,
                    SchemaChangeBehavior.EVOLVE,
                    SchemaChangeBehavior.TRY_EVOLVE,
                    SchemaChangeBehavior.LENIENT,
                    SchemaChangeBehavior.IGNORE);

    private BehaviorOption() {}

    /**
     * Parses the option's value, case-insensitively and trimmed.
     *
     * @throws PipelineConfigException listing the valid values
     */
    public static SchemaChangeBehavior parse(String value) {
        String normalized = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        for (SchemaChangeBehavior behavior : BEHAVIORS) {
            if (behavior.name().toLowerCase(Locale.ROOT).equals(normalized)) {
                return behavior;
            }
        }
        throw new PipelineConfigException(
                String.format(
                        "unknown schema change behavior '%s' for option '%s'. Set it to one of: %s"
                                + " (case-insensitive; the default is lenient).",
                        value, KEY, names()));
    }

    /** The values in SPEC order, lower case, comma separated. */
    public static String names() {
        return BEHAVIORS.stream()
                .map(b -> b.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
    }
}
