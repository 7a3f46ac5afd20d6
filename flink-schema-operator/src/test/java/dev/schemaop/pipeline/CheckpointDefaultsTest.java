package dev.schemaop.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;

/** What an embedded run checkpoints with when its configuration does not say (issue 28). */
class CheckpointDefaultsTest {
    private static final CheckpointDefaults DEFAULTS =
            new CheckpointDefaults(Duration.ofSeconds(10), "file:/work/checkpoints/p");

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static EventSourceProvider source(Boundedness boundedness) {
        return FlinkSourceProvider.of(
                (Source)
                        Proxy.newProxyInstance(
                                CheckpointDefaultsTest.class.getClassLoader(),
                                new Class<?>[] {Source.class},
                                (proxy, method, args) -> boundedness));
    }

    private static StreamExecutionEnvironment env(Configuration configuration) {
        return new StreamExecutionEnvironment(configuration);
    }

    @Test
    void aSourceWithoutAnEndCheckpointsIntoThePipelinesDirectoryAndKeepsItsCheckpoints() {
        StreamExecutionEnvironment env = env(new Configuration());

        DEFAULTS.applyTo(env, source(Boundedness.CONTINUOUS_UNBOUNDED));

        assertThat(env.getCheckpointConfig().isCheckpointingEnabled()).isTrue();
        assertThat(env.getCheckpointConfig().getCheckpointInterval()).isEqualTo(10_000);
        assertThat(env.getConfiguration().get(CheckpointingOptions.CHECKPOINTS_DIRECTORY))
                .isEqualTo("file:/work/checkpoints/p");
        assertThat(env.getCheckpointConfig().getExternalizedCheckpointRetention())
                .isEqualTo(ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
    }

    @Test
    void aBoundedSourceKeepsCheckpointingOff() {
        StreamExecutionEnvironment env = env(new Configuration());

        DEFAULTS.applyTo(env, source(Boundedness.BOUNDED));

        assertThat(env.getCheckpointConfig().isCheckpointingEnabled()).isFalse();
        assertThat(env.getConfiguration().getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY))
                .isEmpty();
    }

    @Test
    void whatTheConfigurationSaysWins() {
        Configuration configured = new Configuration();
        configured.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(3));
        configured.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, "file:/elsewhere");
        configured.set(
                CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
                ExternalizedCheckpointRetention.DELETE_ON_CANCELLATION);
        StreamExecutionEnvironment env = env(configured);

        DEFAULTS.applyTo(env, source(Boundedness.CONTINUOUS_UNBOUNDED));

        assertThat(env.getCheckpointConfig().getCheckpointInterval()).isEqualTo(3_000);
        assertThat(env.getConfiguration().get(CheckpointingOptions.CHECKPOINTS_DIRECTORY))
                .isEqualTo("file:/elsewhere");
        assertThat(env.getCheckpointConfig().getExternalizedCheckpointRetention())
                .isEqualTo(ExternalizedCheckpointRetention.DELETE_ON_CANCELLATION);
    }

    @Test
    void aBoundedSourceCheckpointingAsToldIsLeftAsConfigured() {
        Configuration configured = new Configuration();
        configured.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(1));
        StreamExecutionEnvironment env = env(configured);

        DEFAULTS.applyTo(env, source(Boundedness.BOUNDED));

        assertThat(env.getConfiguration().getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY))
                .isEmpty();
        assertThat(env.getCheckpointConfig().getExternalizedCheckpointRetention())
                .isNotEqualTo(ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
    }

    @Test
    void aSourceWithoutAnEndCheckpointingAsToldGoesToThePipelinesDirectory() {
        Configuration configured = new Configuration();
        configured.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(1));
        StreamExecutionEnvironment env = env(configured);

        DEFAULTS.applyTo(env, source(Boundedness.CONTINUOUS_UNBOUNDED));

        assertThat(env.getCheckpointConfig().getCheckpointInterval()).isEqualTo(1_000);
        assertThat(env.getConfiguration().get(CheckpointingOptions.CHECKPOINTS_DIRECTORY))
                .isEqualTo("file:/work/checkpoints/p");
    }

    @Test
    void withoutADefaultIntervalCheckpointingStaysOff() {
        StreamExecutionEnvironment env = env(new Configuration());

        new CheckpointDefaults(null, "file:/work/checkpoints/p")
                .applyTo(env, source(Boundedness.CONTINUOUS_UNBOUNDED));

        assertThat(env.getCheckpointConfig().isCheckpointingEnabled()).isFalse();
    }
}
