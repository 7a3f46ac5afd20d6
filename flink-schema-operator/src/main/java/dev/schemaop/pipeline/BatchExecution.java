package dev.schemaop.pipeline;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.pipeline.definition.SourceDefinition;

import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.cdc.common.source.DataSource;
import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * {@code pipeline.execution.runtime-mode: BATCH}: the job runs as a Flink batch job (no
 * checkpoints; the sink's committer commits once, at the end of the input), which needs a source
 * with an end. The exchanges stay pipelined: the schema operator waits for the sink's subtasks to
 * flush before a schema change is applied, so they must run while the source does (a blocking
 * exchange would start them only after the source ended).
 */
final class BatchExecution {
    private BatchExecution() {}

    /**
     * Sets {@code env} up for BATCH.
     *
     * @throws PipelineConfigException when the source has no end
     */
    static void configure(
            StreamExecutionEnvironment env,
            DataSource source,
            SourceDefinition sourceBlock,
            String sourceLocation) {
        EventSourceProvider provider = source.getEventSourceProvider();
        if (!(provider instanceof FlinkSourceProvider flink)) {
            throw new PipelineConfigException(
                    sourceLocation
                            + ": pipeline.execution.runtime-mode is BATCH, but the '"
                            + sourceBlock.type()
                            + "' source is a SourceFunction, whose end Flink cannot know: BATCH"
                            + " takes sources of Flink's Source API that end. Set"
                            + " execution.runtime-mode to STREAMING.");
        }
        if (flink.getSource().getBoundedness() != Boundedness.BOUNDED) {
            throw new PipelineConfigException(
                    sourceLocation
                            + ": pipeline.execution.runtime-mode is BATCH, but the '"
                            + sourceBlock.type()
                            + "' source has no end (it reads changes as they come). Give the"
                            + " source a bounded mode (the mariadb source: scan.startup.mode:"
                            + " snapshot) or set execution.runtime-mode to STREAMING.");
        }
        Configuration batch = new Configuration();
        batch.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
        batch.set(ExecutionOptions.BATCH_SHUFFLE_MODE, BatchShuffleMode.ALL_EXCHANGES_PIPELINED);
        batch.set(JobManagerOptions.SCHEDULER, JobManagerOptions.SchedulerType.Default);
        env.configure(batch);
    }
}
