package dev.schemaop.pipeline;

import dev.schemaop.registry.AppliedLogLocation;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ReadableConfig;

/**
 * Where a run's schema registry logs the changes it applied (SPEC G6), as the submitting side knows
 * it: in the job's checkpoint storage when the job names one (on any Flink file system), else in
 * the run's scratch directory (an embedded run) or the JobManager's temp directory (a cluster). The
 * registry decides the final directory where it runs ({@link AppliedLogLocation}).
 */
final class AppliedChangeLogLocation {
    private AppliedChangeLogLocation() {}

    static AppliedLogLocation of(ReadableConfig flinkConfiguration, RunLocation run) {
        return new AppliedLogLocation(
                flinkConfiguration
                        .getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY)
                        .orElse(null),
                run.scratchDirectory() == null ? null : run.scratchDirectory().toString());
    }
}
