package dev.schemaop.cli;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.time.Time;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.minicluster.RpcServiceSharing;
import org.apache.flink.runtime.scheduler.ExecutionGraphInfo;
import org.apache.flink.util.MathUtils;

import java.util.concurrent.CompletableFuture;

/**
 * The Flink MiniCluster of one embedded run, sized as Flink's own per-job MiniCluster sizes it
 * (flink-clients' {@code PerJobMiniClusterFactory}: one TaskManager unless {@code
 * minicluster.number-of-taskmanagers}, as many slots as the job's highest parallelism unless {@code
 * taskmanager.numberOfTaskSlots}). Unlike that one it outlives the job until the run closes it, so
 * that the job can be read after its end, and it answers the job's exception history.
 */
final class EmbeddedCluster extends MiniCluster {
    private static final Time TIMEOUT = Time.seconds(30);

    private EmbeddedCluster(MiniClusterConfiguration configuration) {
        super(configuration);
    }

    /** A started cluster for a job of this highest parallelism. */
    static EmbeddedCluster start(Configuration flink, int maxParallelism) throws Exception {
        int taskManagers = flink.get(TaskManagerOptions.MINI_CLUSTER_NUM_TASK_MANAGERS);
        int slots =
                flink.getOptional(TaskManagerOptions.NUM_TASK_SLOTS)
                        .orElse(MathUtils.divideRoundUp(maxParallelism, taskManagers));
        EmbeddedCluster cluster =
                new EmbeddedCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(flink)
                                .setNumTaskManagers(taskManagers)
                                .setNumSlotsPerTaskManager(slots)
                                .setRpcServiceSharing(RpcServiceSharing.SHARED)
                                .build());
        try {
            cluster.start();
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    /** The job as its JobManager has it, with its exception history; also after its end. */
    CompletableFuture<ExecutionGraphInfo> executionGraphInfo(JobID job) {
        return getDispatcherGatewayFuture()
                .thenCompose(dispatcher -> dispatcher.requestExecutionGraphInfo(job, TIMEOUT));
    }
}
