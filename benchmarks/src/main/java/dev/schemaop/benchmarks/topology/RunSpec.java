package dev.schemaop.benchmarks.topology;

import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;

/**
 * One job of the benchmark.
 *
 * @param checkpointDir where the job checkpoints; the generator measures the end state there when
 *     {@code measureAtEnd}
 */
public record RunSpec(
        String runId,
        Workload workload,
        int parallelism,
        SchemaChangeBehavior behavior,
        String checkpointDir,
        boolean measureAtEnd) {

    /**
     * A job of the workloads beyond W1 to W4: EVOLVE, its end state not read from the checkpoint.
     */
    public static RunSpec evolve(
            String runId, Workload workload, int parallelism, String checkpointDir) {
        return new RunSpec(
                runId, workload, parallelism, SchemaChangeBehavior.EVOLVE, checkpointDir, false);
    }

    /** The directory the generator reads the final checkpoint from, or null. */
    public String measuredCheckpointDir() {
        return measureAtEnd ? checkpointDir : null;
    }
}
