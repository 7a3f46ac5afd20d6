package dev.schemaop.cli;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.time.Time;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.plugin.PluginManager;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.runtime.metrics.MetricRegistryConfiguration;
import org.apache.flink.runtime.metrics.MetricRegistryImpl;
import org.apache.flink.runtime.metrics.ReporterSetup;
import org.apache.flink.runtime.metrics.TraceReporterSetup;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.minicluster.RpcServiceSharing;
import org.apache.flink.runtime.scheduler.ExecutionGraphInfo;
import org.apache.flink.util.MathUtils;

import java.util.ArrayList;
import java.util.List;
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
    private static final String RUN_REPORTER = "flink-cdc-run";

    private final PluginManager plugins;
    private final MetricReporter reporter;

    private EmbeddedCluster(MiniClusterConfiguration configuration, MetricReporter reporter) {
        super(configuration);
        this.plugins = configuration.getPluginManager();
        this.reporter = reporter;
    }

    /**
     * A started cluster for a job of this highest parallelism, its metrics also to {@code
     * reporter}.
     */
    static EmbeddedCluster start(Configuration flink, int maxParallelism, MetricReporter reporter)
            throws Exception {
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
                                .build(),
                        reporter);
        try {
            cluster.start();
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    /** The reporters the configuration names (as Flink's MiniCluster has them), and the run's. */
    @Override
    protected MetricRegistryImpl createMetricRegistry(Configuration config, long maxMessageSize) {
        List<ReporterSetup> reporters =
                new ArrayList<>(ReporterSetup.fromConfiguration(config, plugins));
        reporters.add(ReporterSetup.forReporter(RUN_REPORTER, reporter));
        return new MetricRegistryImpl(
                MetricRegistryConfiguration.fromConfiguration(config, maxMessageSize),
                reporters,
                TraceReporterSetup.fromConfiguration(config, plugins));
    }

    /** The job as its JobManager has it, with its exception history; also after its end. */
    CompletableFuture<ExecutionGraphInfo> executionGraphInfo(JobID job) {
        return getDispatcherGatewayFuture()
                .thenCompose(dispatcher -> dispatcher.requestExecutionGraphInfo(job, TIMEOUT));
    }
}
