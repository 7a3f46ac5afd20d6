package dev.schemaop.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.registry.AppliedLogLocation;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

class AppliedChangeLogLocationTest {
    private static final RunLocation RUN =
            new RunLocation(Path.of("/definitions"), Path.of("/scratch/run-1"));

    @Test
    void theJobsCheckpointDirectoryOnAnyFileSystemIsWhereTheLogGoes() {
        Configuration flink = new Configuration();
        flink.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, "hdfs://namenode/checkpoints");

        assertThat(AppliedChangeLogLocation.of(flink, RUN))
                .isEqualTo(new AppliedLogLocation("hdfs://namenode/checkpoints", "/scratch/run-1"));
    }

    @Test
    void withoutOneTheRunsScratchDirectoryIsTheFallback() {
        assertThat(AppliedChangeLogLocation.of(new Configuration(), RUN))
                .isEqualTo(new AppliedLogLocation(null, "/scratch/run-1"));
    }
}
