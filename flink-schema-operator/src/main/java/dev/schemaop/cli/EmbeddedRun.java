package dev.schemaop.cli;

import dev.schemaop.pipeline.CheckpointDefaults;
import dev.schemaop.pipeline.ComposedPipeline;
import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.PipelineStreamGraph;
import dev.schemaop.pipeline.RunLocation;
import dev.schemaop.pipeline.definition.PipelineDefinition;

import org.apache.flink.api.common.JobID;
import org.apache.flink.client.deployment.executors.PipelineExecutorUtils;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.client.JobExecutionException;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

import javax.annotation.Nullable;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The embedded run: the pipeline's job on a Flink MiniCluster of its own in this JVM, which the run
 * starts for the job and closes after it. Owning the cluster, instead of {@code env.execute()}
 * (whose cluster closes as the job ends), lets the run watch the job while it runs and read it
 * after its end: it says each failure and restart as they happen ({@link JobFailureLines}), ends
 * with a summary ({@link RunSummary}), and says what an interruption leaves ({@link Interruption}).
 */
final class EmbeddedRun {
    private final PrintStream err;

    EmbeddedRun(PrintStream err) {
        this.err = err;
    }

    /**
     * The run's end: the job's failure (null when it finished) and the summary to print last.
     *
     * @param failure the job's failure, as {@code env.execute()} throws it
     */
    record Outcome(@Nullable Exception failure, List<String> summary) {}

    /**
     * Runs the pipeline to its end.
     *
     * @throws Exception when the job could not be built, started or submitted
     */
    Outcome run(
            PipelineDefinition definition,
            Configuration flink,
            ClassLoader classLoader,
            RunLocation location,
            Path pipelineFile,
            @Nullable CheckpointDefaults checkpointDefaults,
            @Nullable PipelineCheckpoints checkpoints)
            throws Exception {
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(flink, classLoader);
        PipelineComposer composer = new PipelineComposer(classLoader, location);
        if (checkpointDefaults != null) {
            composer = composer.withCheckpointDefaults(checkpointDefaults);
        }
        ComposedPipeline composed = composer.compose(definition, env);
        if (checkpoints != null && checkpointsGoTo(env, checkpoints.directory())) {
            checkpoints.checkpointing(
                    Duration.ofMillis(env.getCheckpointConfig().getCheckpointInterval()), err);
        }
        StreamGraph streamGraph = PipelineStreamGraph.of(env);
        streamGraph.setJobName(definition.settings().name());
        // What env.execute() hands its executor: the configuration, with what composing added.
        Configuration job = Configuration.fromMap(env.getConfiguration().toMap());
        JobGraph jobGraph = PipelineExecutorUtils.getJobGraph(streamGraph, job, classLoader);
        RunMetrics metrics = new RunMetrics();
        JobResult result;
        try (Interruption interruption =
                Interruption.watch(job, composed.sinkCommits(), pipelineFile, err)) {
            try {
                result = runToItsEnd(jobGraph, job, metrics, classLoader, interruption);
            } catch (Exception e) {
                if (interruption.fired()) {
                    awaitTheJvmsEnd();
                }
                throw e;
            }
        }
        Exception failure = null;
        try {
            result.toJobExecutionResult(classLoader);
        } catch (JobExecutionException failed) {
            failure = failed;
        }
        return new Outcome(
                failure,
                RunSummary.lines(Duration.ofMillis(result.getNetRuntime()), metrics, failure));
    }

    private static boolean checkpointsGoTo(StreamExecutionEnvironment env, Path directory) {
        return env.getCheckpointConfig().isCheckpointingEnabled()
                && env.getConfiguration()
                        .getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY)
                        .map(Savepoints::localPath)
                        .map(local -> local.toAbsolutePath().normalize())
                        .filter(directory::equals)
                        .isPresent();
    }

    private JobResult runToItsEnd(
            JobGraph jobGraph,
            Configuration job,
            RunMetrics metrics,
            ClassLoader classLoader,
            Interruption interruption)
            throws Exception {
        try (EmbeddedCluster cluster =
                EmbeddedCluster.start(job, jobGraph.getMaximumParallelism(), metrics)) {
            JobID id = cluster.submitJob(jobGraph).get().getJobID();
            interruption.submitted(id);
            try (JobFailureLines failures = JobFailureLines.watch(cluster, id, classLoader, err)) {
                JobResult result = cluster.requestJobResult(id).get();
                if (interruption.fired()) {
                    awaitTheJvmsEnd();
                }
                return result;
            }
        }
    }

    /**
     * The JVM is ending (Ctrl-C) and the interruption said so: the job's end that follows, as the
     * cluster goes down with the JVM, is not the run's to report.
     */
    private static void awaitTheJvmsEnd() throws InterruptedException {
        Thread.currentThread().join();
    }
}
