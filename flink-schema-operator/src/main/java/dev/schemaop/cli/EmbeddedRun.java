package dev.schemaop.cli;

import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.RunLocation;
import dev.schemaop.pipeline.definition.PipelineDefinition;

import org.apache.flink.api.common.JobID;
import org.apache.flink.client.deployment.executors.PipelineExecutorUtils;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.io.PrintStream;

/**
 * The embedded run: the pipeline's job on a Flink MiniCluster of its own in this JVM, which the run
 * starts for the job and closes after it. Owning the cluster, instead of {@code env.execute()}
 * (whose cluster closes as the job ends), lets the run watch the job while it runs and read it
 * after its end.
 */
final class EmbeddedRun {
    private final PrintStream err;

    EmbeddedRun(PrintStream err) {
        this.err = err;
    }

    /**
     * Runs the pipeline to its end.
     *
     * @throws Exception the job's failure, as {@code env.execute()} throws it
     */
    void run(
            PipelineDefinition definition,
            Configuration flink,
            ClassLoader classLoader,
            RunLocation location)
            throws Exception {
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(flink, classLoader);
        new PipelineComposer(classLoader, location).compose(definition, env);
        StreamGraph streamGraph = env.getStreamGraph();
        streamGraph.setJobName(definition.settings().name());
        // What env.execute() hands its executor: the configuration, with what composing added.
        Configuration job = Configuration.fromMap(env.getConfiguration().toMap());
        JobGraph jobGraph = PipelineExecutorUtils.getJobGraph(streamGraph, job, classLoader);
        try (EmbeddedCluster cluster =
                EmbeddedCluster.start(job, jobGraph.getMaximumParallelism())) {
            JobID id = cluster.submitJob(jobGraph).get().getJobID();
            JobResult result;
            try (JobFailureLines failures = JobFailureLines.watch(cluster, id, classLoader, err)) {
                result = cluster.requestJobResult(id).get();
            }
            result.toJobExecutionResult(classLoader); // throws the job's failure
        }
    }
}
