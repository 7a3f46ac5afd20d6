package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.api.Secrets;

import org.apache.commons.text.similarity.LevenshteinDistance;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.FallbackKey;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.util.ExceptionUtils;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Checks the {@code -D} options of a run against the options Flink itself declares, before the
 * embedded cluster starts: a value Flink cannot parse is bad input (exit 2, naming the key, the
 * value and what the option takes); a key Flink does not know is passed on with a warning that
 * names the nearest keys it knows.
 */
final class FlinkOptionCheck {
    /**
     * The classes that declare Flink's options, as Flink's own documentation generator finds them.
     */
    private static final List<String> OPTION_CLASSES =
            List.of(
                    "org.apache.flink.configuration.AkkaOptions",
                    "org.apache.flink.configuration.BatchExecutionOptions",
                    "org.apache.flink.configuration.BlobServerOptions",
                    "org.apache.flink.configuration.CheckpointingOptions",
                    "org.apache.flink.configuration.CleanupOptions",
                    "org.apache.flink.configuration.ClusterOptions",
                    "org.apache.flink.configuration.CoreOptions",
                    "org.apache.flink.configuration.DeploymentOptions",
                    "org.apache.flink.configuration.ExecutionOptions",
                    "org.apache.flink.configuration.HeartbeatManagerOptions",
                    "org.apache.flink.configuration.HighAvailabilityOptions",
                    "org.apache.flink.configuration.JobManagerOptions",
                    "org.apache.flink.configuration.MetricOptions",
                    "org.apache.flink.configuration.NettyShuffleEnvironmentOptions",
                    "org.apache.flink.configuration.PipelineOptions",
                    "org.apache.flink.configuration.ResourceManagerOptions",
                    "org.apache.flink.configuration.RestOptions",
                    "org.apache.flink.configuration.RestartStrategyOptions",
                    "org.apache.flink.configuration.RpcOptions",
                    "org.apache.flink.configuration.SecurityOptions",
                    "org.apache.flink.configuration.StateBackendOptions",
                    "org.apache.flink.configuration.StateChangelogOptions",
                    "org.apache.flink.configuration.StateRecoveryOptions",
                    "org.apache.flink.configuration.TaskManagerOptions",
                    "org.apache.flink.configuration.WebOptions",
                    "org.apache.flink.runtime.jobgraph.SavepointConfigOptions",
                    "org.apache.flink.streaming.api.environment.ExecutionCheckpointingOptions");

    /** Keys under these prefixes name things of the user's (reporters, file systems). */
    private static final List<String> OPEN_PREFIXES =
            List.of("metrics.reporter.", "fs.", "s3.", "s3a.", "env.", "$internal.");

    private static final int NEAREST = 3;
    private static final LevenshteinDistance EDITS = LevenshteinDistance.getDefaultInstance();

    private FlinkOptionCheck() {}

    /** What picocli gives a {@code -D KEY} without {@code =VALUE}: no text a user types. */
    static final String NO_VALUE = "\u0000no value";

    /**
     * The {@code -D} options as picocli split them (at the first {@code =}, in the order given, a
     * later key winning), checked for a missing key or value, keys trimmed.
     */
    static Map<String, String> keyValues(Map<String, String> given) {
        Map<String, String> options = new LinkedHashMap<>();
        given.forEach(
                (key, value) -> {
                    if (NO_VALUE.equals(value)) {
                        throw new PipelineConfigException(
                                String.format(
                                        "-D %s has no value. Write it as -D %s=VALUE.", key, key));
                    }
                    if (key.isBlank()) {
                        throw new PipelineConfigException(
                                "-D "
                                        + key
                                        + "="
                                        + value
                                        + " has no key. Write it as -D KEY=VALUE.");
                    }
                    options.put(key.trim(), value);
                });
        return options;
    }

    /**
     * @return a warning for each key Flink does not know, and for secrets in global job parameters
     * @throws PipelineConfigException for a value Flink cannot read
     */
    static List<String> check(Map<String, String> options) {
        Map<String, ConfigOption<?>> known = knownOptions();
        List<String> warnings = new ArrayList<>();
        for (Map.Entry<String, String> entry : options.entrySet()) {
            ConfigOption<?> option = known.get(entry.getKey());
            if (option != null) {
                checkValue(option, entry.getKey(), entry.getValue());
            } else if (OPEN_PREFIXES.stream().noneMatch(entry.getKey()::startsWith)) {
                warnings.add(unknownKey(entry.getKey(), known));
            }
        }
        secretJobParameters(options).ifPresent(warnings::add);
        return warnings;
    }

    /**
     * Flink's REST API ({@code /jobmanager/config}, {@code /jobs/<id>/jobmanager/config}) hides
     * each option whose key holds a secret, but shows {@code pipeline.global-job-parameters} whole:
     * a secret among them would be there for anyone who reaches the web UI.
     */
    private static Optional<String> secretJobParameters(Map<String, String> options) {
        String key = PipelineOptions.GLOBAL_JOB_PARAMETERS.key();
        if (!options.containsKey(key)) {
            return Optional.empty();
        }
        Configuration single = new Configuration();
        single.setString(key, options.get(key));
        List<String> secret =
                single.get(PipelineOptions.GLOBAL_JOB_PARAMETERS).keySet().stream()
                        .filter(Secrets::isSensitive)
                        .sorted()
                        .toList();
        return secret.isEmpty()
                ? Optional.empty()
                : Optional.of(
                        String.format(
                                "-D %s holds %s, which Flink's web UI and REST API show with the"
                                        + " option's value (/jobmanager/config). Give a"
                                        + " connector's secrets in the pipeline definition.",
                                key, String.join(", ", secret)));
    }

    private static void checkValue(ConfigOption<?> option, String key, String value) {
        Configuration single = new Configuration();
        single.setString(key, value);
        try {
            single.get(option);
        } catch (IllegalArgumentException e) {
            boolean secret = Secrets.isSensitive(key);
            String shown = secret ? Secrets.MASK : value;
            Throwable cause = ExceptionUtils.stripException(e, IllegalArgumentException.class);
            throw new PipelineConfigException(
                    String.format(
                            "-D %s=%s: '%s' is not a valid value of %s%s. %s",
                            key,
                            shown,
                            shown,
                            key,
                            key.equals(option.key()) ? "" : " (now named " + option.key() + ")",
                            expected(option)),
                    secret ? Secrets.scrub(cause, List.of(value)) : cause);
        }
    }

    private static String expected(ConfigOption<?> option) {
        Class<?> type = typeOf(option);
        String what;
        if (type == Integer.class || type == Long.class) {
            what = "an integer, e.g. 4";
        } else if (type == Double.class || type == Float.class) {
            what = "a number, e.g. 0.5";
        } else if (type == Boolean.class) {
            what = "true or false";
        } else if (type == Duration.class) {
            what = "a duration, e.g. 10s, 500ms or 2min";
        } else if (type == MemorySize.class) {
            what = "a memory size, e.g. 64mb or 1gb";
        } else if (type != null && type.isEnum()) {
            what =
                    "one of "
                            + Arrays.stream(type.getEnumConstants())
                                    .map(Object::toString)
                                    .collect(Collectors.joining(", "));
        } else if (type == Map.class) {
            what = "key:value pairs separated by commas";
        } else {
            what = "a value of type " + (type == null ? "unknown" : type.getSimpleName());
        }
        return "Expected " + (isList(option) ? "a ;-separated list, each " : "") + what + ".";
    }

    private static String unknownKey(String key, Map<String, ConfigOption<?>> known) {
        List<String> nearest =
                known.values().stream()
                        .map(ConfigOption::key)
                        .distinct()
                        .sorted(Comparator.comparingInt((String k) -> EDITS.apply(key, k)))
                        .limit(NEAREST)
                        .toList();
        return String.format(
                "-D %s is not an option of this Flink version; it is passed on as given, and"
                        + " probably has no effect. Nearest known keys: %s.",
                key, String.join(", ", nearest));
    }

    /** Every key (current, deprecated, fallback) of every option Flink declares. */
    private static Map<String, ConfigOption<?>> knownOptions() {
        Map<String, ConfigOption<?>> byKey = new HashMap<>();
        for (String className : OPTION_CLASSES) {
            Class<?> declaring;
            try {
                declaring =
                        Class.forName(className, false, FlinkOptionCheck.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                continue; // not in this Flink version
            }
            for (Field field : declaring.getFields()) {
                if (Modifier.isStatic(field.getModifiers())
                        && ConfigOption.class.isAssignableFrom(field.getType())) {
                    try {
                        ConfigOption<?> option = (ConfigOption<?>) field.get(null);
                        byKey.putIfAbsent(option.key(), option);
                        for (FallbackKey fallback : option.fallbackKeys()) {
                            byKey.putIfAbsent(fallback.getKey(), option);
                        }
                    } catch (IllegalAccessException e) {
                        // a public static field: cannot happen
                    }
                }
            }
        }
        return byKey;
    }

    /** ConfigOption keeps its value type package-private; Flink's docs generator reads it too. */
    private static Class<?> typeOf(ConfigOption<?> option) {
        return (Class<?>) invokeHidden(option, "getClazz");
    }

    private static boolean isList(ConfigOption<?> option) {
        return Boolean.TRUE.equals(invokeHidden(option, "isList"));
    }

    private static Object invokeHidden(ConfigOption<?> option, String method) {
        try {
            Method getter = ConfigOption.class.getDeclaredMethod(method);
            getter.setAccessible(true);
            return getter.invoke(option);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
