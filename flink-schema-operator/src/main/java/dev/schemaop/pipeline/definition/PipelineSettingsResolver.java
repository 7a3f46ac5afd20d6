package dev.schemaop.pipeline.definition;

import static dev.schemaop.pipeline.definition.PipelineSettings.BEHAVIOR_KEY;
import static dev.schemaop.pipeline.definition.PipelineSettings.EXPLICIT_CAST_KEY;
import static dev.schemaop.pipeline.definition.PipelineSettings.HISTORY_DIR_KEY;
import static dev.schemaop.pipeline.definition.PipelineSettings.LOCAL_TIME_ZONE_KEY;
import static dev.schemaop.pipeline.definition.PipelineSettings.MAX_PARKED_KEY;
import static dev.schemaop.pipeline.definition.PipelineSettings.NAME_KEY;
import static dev.schemaop.pipeline.definition.PipelineSettings.OPERATOR_UID_PREFIX_KEY;
import static dev.schemaop.pipeline.definition.PipelineSettings.PARALLELISM_KEY;
import static dev.schemaop.pipeline.definition.PipelineSettings.RPC_TIMEOUT_KEY;
import static dev.schemaop.pipeline.definition.PipelineSettings.RUNTIME_MODE_KEY;
import static dev.schemaop.pipeline.definition.PipelineSettings.SCHEMA_OPERATOR_UID_KEY;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.behavior.BehaviorOption;

import org.apache.flink.cdc.common.pipeline.RuntimeExecutionMode;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.util.TimeUtils;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The pipeline settings' keys and how each value is read, shared by the {@code pipeline} block and
 * the global configuration file. Values arrive as text with the place they were written; each
 * parser fails with the option, the value and an example, and the caller's location goes in front.
 */
final class PipelineSettingsResolver {

    static final List<String> KEYS =
            List.of(
                    NAME_KEY,
                    PARALLELISM_KEY,
                    BEHAVIOR_KEY,
                    EXPLICIT_CAST_KEY,
                    RPC_TIMEOUT_KEY,
                    MAX_PARKED_KEY,
                    RUNTIME_MODE_KEY,
                    LOCAL_TIME_ZONE_KEY,
                    OPERATOR_UID_PREFIX_KEY,
                    SCHEMA_OPERATOR_UID_KEY,
                    HISTORY_DIR_KEY);

    /** {@code local-time-zone}'s value for "the zone of the machine", as in Flink CDC. */
    private static final String SYSTEM_DEFAULT_ZONE = "systemDefault";

    /** A setting's value as text, and where it was written. */
    record RawSetting(String value, Location location) {}

    private PipelineSettingsResolver() {}

    /**
     * The settings of a mapping whose keys are pipeline keys: the {@code pipeline} block or the
     * global configuration file. Checks keys and that every value is a single value; the values
     * themselves are checked by {@link #resolve}.
     *
     * @param blockName "the pipeline block", "the global configuration", for messages
     */
    static Map<String, RawSetting> read(YamlNode.Mapping block, String blockName) {
        Map<String, RawSetting> settings = new LinkedHashMap<>();
        for (YamlNode.Entry entry : block.entries()) {
            if (SinkDefinition.FRAMEWORK_OPTIONS.contains(entry.key())) {
                throw entry.keyLocation()
                        .error(
                                "'%s' is an option of the sink, not a pipeline setting. Move it"
                                        + " into the sink block, e.g.%nsink:%n  type: ...%n  %s: ...",
                                entry.key(), entry.key());
            }
            if (!KEYS.contains(entry.key())) {
                throw entry.keyLocation()
                        .error(
                                "unknown key '%s' in %s. Valid keys: %s. Remove the key or correct its"
                                        + " spelling.",
                                entry.key(), blockName, String.join(", ", KEYS));
            }
            settings.put(entry.key(), new RawSetting(singleValue(entry), entry.value().location()));
        }
        return settings;
    }

    /** Settings given as plain text (a global configuration map), all placed at {@code where}. */
    static Map<String, RawSetting> fromMap(Map<String, String> values, Location where) {
        Map<String, RawSetting> settings = new LinkedHashMap<>();
        values.forEach(
                (key, value) -> {
                    if (!KEYS.contains(key)) {
                        throw where.error(
                                "unknown key '%s' in the global configuration. Valid keys: %s."
                                        + " Remove the key or correct its spelling.",
                                key, String.join(", ", KEYS));
                    }
                    settings.put(key, new RawSetting(value, where));
                });
        return settings;
    }

    /** Every setting parsed, defaults filled in. */
    static PipelineSettings resolve(Map<String, RawSetting> settings) {
        PipelineSettings defaults = PipelineSettings.defaults();
        return new PipelineSettings(
                parse(settings, NAME_KEY, v -> nonBlank(NAME_KEY, v), defaults.name()),
                parse(
                        settings,
                        PARALLELISM_KEY,
                        PipelineSettingsResolver::parallelism,
                        defaults.parallelism()),
                parse(settings, BEHAVIOR_KEY, BehaviorOption::parse, defaults.behavior()),
                parse(
                        settings,
                        EXPLICIT_CAST_KEY,
                        PipelineSettingsResolver::explicitCast,
                        defaults.explicitCast()),
                parse(
                        settings,
                        RPC_TIMEOUT_KEY,
                        PipelineSettingsResolver::rpcTimeout,
                        defaults.rpcTimeout()),
                parse(
                        settings,
                        MAX_PARKED_KEY,
                        PipelineSettingsResolver::maxParked,
                        defaults.maxParkedBytes()),
                parse(
                        settings,
                        RUNTIME_MODE_KEY,
                        PipelineSettingsResolver::runtimeMode,
                        defaults.runtimeMode()),
                parse(
                        settings,
                        LOCAL_TIME_ZONE_KEY,
                        PipelineSettingsResolver::timeZone,
                        defaults.localTimeZone()),
                parse(
                        settings,
                        OPERATOR_UID_PREFIX_KEY,
                        v -> nonBlank(OPERATOR_UID_PREFIX_KEY, v),
                        null),
                parse(
                        settings,
                        SCHEMA_OPERATOR_UID_KEY,
                        v -> nonBlank(SCHEMA_OPERATOR_UID_KEY, v),
                        defaults.schemaOperatorUid()),
                parse(settings, HISTORY_DIR_KEY, v -> nonBlank(HISTORY_DIR_KEY, v), null));
    }

    private static String singleValue(YamlNode.Entry entry) {
        String option = "pipeline." + entry.key();
        if (!(entry.value() instanceof YamlNode.Scalar scalar)) {
            throw entry.keyLocation()
                    .error(
                            "option '%s' must be a single value, not %s. Write it as '%s: <value>'.",
                            option, entry.value().describe(), entry.key());
        }
        if (scalar.isNull()) {
            throw entry.keyLocation()
                    .error("option '%s' has no value. Give it a value or remove the key.", option);
        }
        return scalar.optionValue();
    }

    private static <T> T parse(
            Map<String, RawSetting> settings, String key, Function<String, T> parser, T fallback) {
        RawSetting raw = settings.get(key);
        if (raw == null) {
            return fallback;
        }
        try {
            return parser.apply(raw.value());
        } catch (PipelineConfigException e) {
            throw raw.location().locate(e);
        }
    }

    private static String nonBlank(String key, String value) {
        if (value.isBlank()) {
            throw new PipelineConfigException(
                    String.format(
                            "option 'pipeline.%s' is empty. Give it a value or remove the key.",
                            key));
        }
        return value.trim();
    }

    private static int parallelism(String value) {
        try {
            int parallelism = Integer.parseInt(value.trim());
            if (parallelism > 0) {
                return parallelism;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw invalid(
                PARALLELISM_KEY,
                value,
                "it must be a positive integer. Set it to the number of parallel subtasks, for"
                        + " example 'parallelism: 4'");
    }

    private static boolean explicitCast(String value) {
        String normalized = value.trim().toLowerCase(Locale.ROOT);
        if (normalized.equals("true") || normalized.equals("false")) {
            return Boolean.parseBoolean(normalized);
        }
        throw invalid(EXPLICIT_CAST_KEY, value, "set it to true or false");
    }

    private static Duration rpcTimeout(String value) {
        Duration timeout;
        try {
            timeout = TimeUtils.parseDuration(value);
        } catch (RuntimeException e) {
            timeout = Duration.ZERO;
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw invalid(
                    RPC_TIMEOUT_KEY,
                    value,
                    "it must be a positive duration. Write it as a number and a unit, for example"
                            + " 3min, 30 s or 500ms");
        }
        return timeout;
    }

    private static MemorySize maxParked(String value) {
        MemorySize size;
        try {
            size = MemorySize.parse(value.trim());
        } catch (RuntimeException e) {
            size = null;
        }
        if (size == null) {
            throw invalid(
                    MAX_PARKED_KEY,
                    value,
                    "it must be a size. Write it as a number and a unit, for example 64mb or"
                            + " 512kb (0: a pending change stops all input, as in Flink CDC)");
        }
        return size;
    }

    private static RuntimeExecutionMode runtimeMode(String value) {
        if (RuntimeExecutionMode.BATCH.name().equalsIgnoreCase(value.trim())) {
            return RuntimeExecutionMode.BATCH;
        }
        if (RuntimeExecutionMode.STREAMING.name().equalsIgnoreCase(value.trim())) {
            return RuntimeExecutionMode.STREAMING;
        }
        throw invalid(RUNTIME_MODE_KEY, value, "set it to STREAMING or BATCH (case-insensitive)");
    }

    private static String timeZone(String value) {
        String zone = value.trim();
        if (zone.equalsIgnoreCase(SYSTEM_DEFAULT_ZONE)) {
            return ZoneId.systemDefault().getId();
        }
        try {
            ZoneId.of(zone);
            return zone;
        } catch (DateTimeException e) {
            throw invalid(
                    LOCAL_TIME_ZONE_KEY,
                    value,
                    "it is not a known time zone. Use a region id such as 'Europe/Berlin', an"
                            + " offset such as 'UTC+08:00', or 'systemDefault'");
        }
    }

    private static PipelineConfigException invalid(String key, String value, String fix) {
        return new PipelineConfigException(
                String.format("invalid value '%s' for option 'pipeline.%s': %s.", value, key, fix));
    }
}
