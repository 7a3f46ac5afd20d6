package dev.schemaop.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class AppliedChangeLogLocationTest {
    @TempDir Path dir;

    private RunLocation run() {
        return new RunLocation(dir.resolve("definitions"), dir.resolve("scratch"));
    }

    @Test
    void withoutACheckpointDirectoryTheLogGoesWithTheRun() {
        Path log = AppliedChangeLogLocation.of(new Configuration(), run());

        assertThat(log.getParent()).isEqualTo(dir.resolve("scratch").resolve("applied-changes"));
    }

    @Test
    void twoRunsOfOneDefinitionNeverShareALog() {
        Configuration flink = new Configuration();
        flink.set(
                CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir.resolve("chk").toUri().toString());

        Path first = AppliedChangeLogLocation.of(flink, run());
        Path second = AppliedChangeLogLocation.of(flink, run());

        assertThat(first).isNotEqualTo(second);
        assertThat(first.getParent()).isEqualTo(second.getParent());
    }

    @Test
    void withLocalCheckpointsTheLogLivesBesideThem() {
        Configuration uri = new Configuration();
        uri.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir.resolve("chk").toUri().toString());
        Configuration plainPath = new Configuration();
        plainPath.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir.resolve("chk").toString());

        assertThat(AppliedChangeLogLocation.of(uri, run()).getParent())
                .isEqualTo(dir.resolve("chk").resolve("schema-registry"));
        assertThat(AppliedChangeLogLocation.of(plainPath, run()).getParent())
                .isEqualTo(dir.resolve("chk").resolve("schema-registry"));
    }

    @Test
    void checkpointsOnAnotherFileSystemLeaveTheLogWithTheRun() {
        Configuration flink = new Configuration();
        flink.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, "s3://bucket/checkpoints");

        assertThat(AppliedChangeLogLocation.of(flink, run()).getParent())
                .isEqualTo(dir.resolve("scratch").resolve("applied-changes"));
    }
}
