package dev.schemaop.benchmarks;

import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.topology.Topology;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * One MiniCluster for the whole benchmark, so that every job of every topology runs in the same JVM
 * on the same warm cluster; each run is its own job.
 */
final class BenchCluster implements AutoCloseable {
    static final int SLOTS = 2;
    private static final long CHECKPOINT_INTERVAL_MS = 1_000;

    private final MiniCluster cluster;

    private BenchCluster(MiniCluster cluster) {
        this.cluster = cluster;
    }

    static BenchCluster start() throws Exception {
        Configuration conf = new Configuration();
        conf.set(TaskManagerOptions.NUM_TASK_SLOTS, SLOTS);
        // Any free port: 8081 may be taken (a local cluster, an embedded run's web UI).
        conf.set(RestOptions.BIND_PORT, "0");
        MiniCluster cluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(conf)
                                .setNumTaskManagers(1)
                                .setNumSlotsPerTaskManager(SLOTS)
                                .build());
        cluster.start();
        return new BenchCluster(cluster);
    }

    /** Builds the run's job with the topology and runs it to the end. */
    void run(Topology topology, RunSpec run) throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(conf);
        env.enableCheckpointing(CHECKPOINT_INTERVAL_MS);
        env.getCheckpointConfig().setCheckpointStorage("file://" + run.checkpointDir());
        topology.build(env, run);
        JobGraph job = topology.streamGraph(env).getJobGraph();
        cluster.executeJobBlocking(job);
    }

    /** Submits the run's job and returns at once: W6's job streams the binlog until cancelled. */
    JobID submit(Topology topology, RunSpec run) throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(conf);
        env.enableCheckpointing(CHECKPOINT_INTERVAL_MS);
        env.getCheckpointConfig().setCheckpointStorage("file://" + run.checkpointDir());
        topology.build(env, run);
        JobGraph job = topology.streamGraph(env).getJobGraph();
        return cluster.submitJob(job).get().getJobID();
    }

    /** The job's status: whether it still runs, or why it ended. */
    JobStatus status(JobID job) throws Exception {
        return cluster.getJobStatus(job).get();
    }

    /** Why the job failed, or null. */
    Throwable failure(JobID job) throws Exception {
        var result = cluster.requestJobResult(job).get();
        return result.getSerializedThrowable()
                .map(t -> (Throwable) t.deserializeError(getClass().getClassLoader()))
                .orElse(null);
    }

    void cancel(JobID job) throws Exception {
        cluster.cancelJob(job).get();
        cluster.requestJobResult(job).get();
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
