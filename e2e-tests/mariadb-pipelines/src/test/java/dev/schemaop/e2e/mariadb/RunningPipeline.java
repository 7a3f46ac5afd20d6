package dev.schemaop.e2e.mariadb;

import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.PipelineStreamGraph;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

import javax.annotation.Nullable;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A change-data-capture pipeline never ends by itself: it is composed by the runtime from its
 * definition, started on an embedded Flink cluster, watched through its sink, then cancelled.
 */
public final class RunningPipeline implements AutoCloseable, Await.Running {
    private final JobClient job;

    private RunningPipeline(JobClient job) {
        this.job = job;
    }

    public static RunningPipeline start(String definitionYaml, int parallelism) throws Exception {
        return start(definitionYaml, parallelism, null);
    }

    /** Starts the pipeline, from a savepoint when {@code savepoint} is not null. */
    public static RunningPipeline start(
            String definitionYaml, int parallelism, @Nullable String savepoint) throws Exception {
        return start(definitionYaml, parallelism, savepoint, Map.of());
    }

    /** The same with more Flink options. */
    public static RunningPipeline start(
            String definitionYaml,
            int parallelism,
            @Nullable String savepoint,
            Map<String, String> flinkOptions)
            throws Exception {
        PipelineDefinition definition =
                new PipelineDefinitionParser().parse(definitionYaml, "test pipeline", Map.of());
        Configuration flink = Configuration.fromMap(flinkOptions);
        if (savepoint != null) {
            flink.setString("execution.savepoint.path", savepoint);
        }
        flink.setString("restart-strategy.type", "fixed-delay");
        flink.setString("restart-strategy.fixed-delay.attempts", "3");
        flink.setString("restart-strategy.fixed-delay.delay", "200ms");
        flink.setString("execution.checkpointing.interval", "500ms");
        flink.setString("parallelism.default", String.valueOf(parallelism));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(flink);
        env.enableCheckpointing(500);
        new PipelineComposer(RunningPipeline.class.getClassLoader()).compose(definition, env);
        // the graph as flink-cdc.sh runs it
        StreamGraph graph = PipelineStreamGraph.of(env);
        graph.setJobName("mariadb e2e");
        return new RunningPipeline(env.executeAsync(graph));
    }

    public String jobId() {
        return job.getJobID().toHexString();
    }

    /** Stops the job with a savepoint into {@code directory}; returns the savepoint's path. */
    public String stopWithSavepoint(Path directory) throws Exception {
        return job.stopWithSavepoint(
                        false, directory.toUri().toString(), SavepointFormatType.CANONICAL)
                .get(60, TimeUnit.SECONDS);
    }

    /** Takes a savepoint into {@code directory} and runs on; returns the savepoint's path. */
    public String savepoint(Path directory) throws Exception {
        return job.triggerSavepoint(directory.toUri().toString(), SavepointFormatType.CANONICAL)
                .get(60, TimeUnit.SECONDS);
    }

    /**
     * Fails with the job's own error when the job stopped. A job that ended shuts its embedded
     * cluster down, after which {@code getJobStatus} only throws "MiniCluster is not yet running":
     * the job's result, which outlives the cluster, tells how it ended.
     */
    @Override
    public void assertRunning() throws Exception {
        CompletableFuture<JobExecutionResult> result = job.getJobExecutionResult();
        if (!result.isDone() && isRunning()) {
            return;
        }
        result.get(30, TimeUnit.SECONDS); // throws the failure
        throw new AssertionError("The pipeline ended");
    }

    private boolean isRunning() throws Exception {
        try {
            return !job.getJobStatus().get(10, TimeUnit.SECONDS).isGloballyTerminalState();
        } catch (IllegalStateException clusterShutDown) {
            return false; // the job ended and its cluster is going away
        }
    }

    @Override
    public void close() throws Exception {
        if (!job.getJobExecutionResult().isDone() && isRunning()) {
            job.cancel().get(30, TimeUnit.SECONDS);
        }
    }
}
