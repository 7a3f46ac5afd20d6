package dev.schemaop.pipeline.definition;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.pipeline.PipelineOptions;
import org.apache.flink.cdc.common.pipeline.RuntimeExecutionMode;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.configuration.MemorySize;

import javax.annotation.Nullable;

import java.time.Duration;
import java.time.ZoneId;
import java.util.Objects;

/**
 * The {@code pipeline} block, with the global configuration's values and the defaults filled in
 * (SPEC §8). Keys and defaults are Flink CDC's {@link PipelineOptions} where it has them.
 *
 * @param name {@code name}, default {@value #DEFAULT_NAME}
 * @param parallelism {@code parallelism}, positive, default 1
 * @param behavior {@code schema.change.behavior}, default LENIENT
 * @param explicitCast {@code schema.change.explicit-cast}, default false
 * @param rpcTimeout {@code schema-operator.rpc-timeout}, positive, default 3 min
 * @param maxParkedBytes {@code schema-operator.parked-rows.max-size}: how much input may wait
 *     behind pending changes per source subtask while other tables' rows go on, default 64 MiB; 0:
 *     none, a pending change stops all input of its subtask (Flink CDC's behavior)
 * @param runtimeMode {@code execution.runtime-mode}, default STREAMING
 * @param localTimeZone {@code local-time-zone}, a {@link ZoneId} id, default the system's zone
 * @param operatorUidPrefix {@code operator.uid.prefix}, or {@code null}
 * @param schemaOperatorUid {@code schema.operator.uid}: the schema operator's uid, where connectors
 *     written for Flink CDC find its coordinator; default Flink CDC's
 * @param historyDir {@code schema-history.dir}: where the schema decision history goes, or {@code
 *     null} for the default (beside local checkpoints; {@code target/schema-history} on the
 *     embedded Flink)
 */
public record PipelineSettings(
        String name,
        int parallelism,
        SchemaChangeBehavior behavior,
        boolean explicitCast,
        Duration rpcTimeout,
        MemorySize maxParkedBytes,
        RuntimeExecutionMode runtimeMode,
        String localTimeZone,
        @Nullable String operatorUidPrefix,
        String schemaOperatorUid,
        @Nullable String historyDir) {

    public static final String NAME_KEY = PipelineOptions.PIPELINE_NAME.key();
    public static final String PARALLELISM_KEY = PipelineOptions.PIPELINE_PARALLELISM.key();
    public static final String BEHAVIOR_KEY = PipelineOptions.PIPELINE_SCHEMA_CHANGE_BEHAVIOR.key();
    public static final String EXPLICIT_CAST_KEY = "schema.change.explicit-cast";
    public static final String RPC_TIMEOUT_KEY =
            PipelineOptions.PIPELINE_SCHEMA_OPERATOR_RPC_TIMEOUT.key();
    public static final String MAX_PARKED_KEY = "schema-operator.parked-rows.max-size";
    public static final MemorySize DEFAULT_MAX_PARKED = MemorySize.ofMebiBytes(64);
    public static final String RUNTIME_MODE_KEY =
            PipelineOptions.PIPELINE_EXECUTION_RUNTIME_MODE.key();
    public static final String LOCAL_TIME_ZONE_KEY = PipelineOptions.PIPELINE_LOCAL_TIME_ZONE.key();
    public static final String OPERATOR_UID_PREFIX_KEY =
            PipelineOptions.PIPELINE_OPERATOR_UID_PREFIX.key();

    public static final String SCHEMA_OPERATOR_UID_KEY =
            PipelineOptions.PIPELINE_SCHEMA_OPERATOR_UID.key();

    public static final String HISTORY_DIR_KEY = "schema-history.dir";

    public static final String DEFAULT_NAME = "Flink CDC Pipeline Job";

    /** Our option with no Flink CDC counterpart: apply lossy type changes as they are (SPEC §3). */
    public static final ConfigOption<Boolean> EXPLICIT_CAST =
            ConfigOptions.key(EXPLICIT_CAST_KEY).booleanType().defaultValue(false);

    public PipelineSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(behavior, "behavior");
        Objects.requireNonNull(rpcTimeout, "rpcTimeout");
        Objects.requireNonNull(maxParkedBytes, "maxParkedBytes");
        Objects.requireNonNull(runtimeMode, "runtimeMode");
        Objects.requireNonNull(localTimeZone, "localTimeZone");
        Objects.requireNonNull(schemaOperatorUid, "schemaOperatorUid");
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be positive, got " + parallelism);
        }
        if (rpcTimeout.isNegative() || rpcTimeout.isZero()) {
            throw new IllegalArgumentException("rpcTimeout must be positive, got " + rpcTimeout);
        }
    }

    /** Every setting at its default. */
    public static PipelineSettings defaults() {
        return new PipelineSettings(
                DEFAULT_NAME,
                PipelineOptions.PIPELINE_PARALLELISM.defaultValue(),
                PipelineOptions.PIPELINE_SCHEMA_CHANGE_BEHAVIOR.defaultValue(),
                false,
                PipelineOptions.PIPELINE_SCHEMA_OPERATOR_RPC_TIMEOUT.defaultValue(),
                DEFAULT_MAX_PARKED,
                PipelineOptions.PIPELINE_EXECUTION_RUNTIME_MODE.defaultValue(),
                ZoneId.systemDefault().getId(),
                null,
                PipelineOptions.PIPELINE_SCHEMA_OPERATOR_UID.defaultValue(),
                null);
    }

    /**
     * These settings as Flink CDC's pipeline configuration (what its factories' contexts carry).
     */
    public Configuration toConfiguration() {
        Configuration configuration = new Configuration();
        configuration.set(PipelineOptions.PIPELINE_NAME, name);
        configuration.set(PipelineOptions.PIPELINE_PARALLELISM, parallelism);
        configuration.set(PipelineOptions.PIPELINE_SCHEMA_CHANGE_BEHAVIOR, behavior);
        configuration.set(EXPLICIT_CAST, explicitCast);
        configuration.set(PipelineOptions.PIPELINE_SCHEMA_OPERATOR_RPC_TIMEOUT, rpcTimeout);
        configuration.set(PipelineOptions.PIPELINE_EXECUTION_RUNTIME_MODE, runtimeMode);
        configuration.set(PipelineOptions.PIPELINE_LOCAL_TIME_ZONE, localTimeZone);
        if (operatorUidPrefix != null) {
            configuration.set(PipelineOptions.PIPELINE_OPERATOR_UID_PREFIX, operatorUidPrefix);
        }
        configuration.set(PipelineOptions.PIPELINE_SCHEMA_OPERATOR_UID, schemaOperatorUid);
        return configuration;
    }
}
