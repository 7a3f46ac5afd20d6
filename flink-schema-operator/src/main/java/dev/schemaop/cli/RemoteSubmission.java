package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.pipeline.ComposedPipeline;
import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.definition.PipelineDefinition;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --target remote}: the job is composed here and submitted to a running Flink cluster
 * through Flink's own client (the {@code remote} executor of flink-clients, which talks to the
 * cluster's REST endpoint), with the runtime's job jar and the connector jars shipped with it: the
 * {@code --jar} ones and those of connectors found on the command line's own classpath (the bundled
 * values connector). Attached, the command waits for the job's end; detached, it prints the job id
 * and returns.
 */
final class RemoteSubmission {
    static final String TARGET = "remote";

    /** Where bin/flink-cdc.sh says the runtime's job jar is (flink-schema-operator-dist). */
    static final String DIST_JAR_PROPERTY = "flink.cdc.dist.jar";

    private final FlinkCdcCli options;
    private final PrintStream err;

    RemoteSubmission(FlinkCdcCli options, PrintStream err) {
        this.options = options;
        this.err = err;
    }

    int submit(PipelineDefinition definition, Configuration flink, ClassLoader classLoader)
            throws Exception {
        if (!flink.contains(RestOptions.ADDRESS)) {
            throw new PipelineConfigException(
                    "--target remote needs the cluster's REST endpoint: add -D rest.address=HOST"
                            + " (and -D rest.port=PORT when it is not 8081).");
        }
        flink.set(DeploymentOptions.TARGET, TARGET);
        flink.set(DeploymentOptions.ATTACHED, !options.detached);
        List<String> jars = new ArrayList<>();
        jars.add(distJar().toUri().toString());
        jars.addAll(flink.getOptional(PipelineOptions.JARS).orElse(List.of()));

        // Not getExecutionEnvironment: outside `flink run` it makes a local MiniCluster whatever
        // execution.target says; this one executes through the executor the target names.
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(flink, classLoader);
        ComposedPipeline composed =
                new PipelineComposer(
                                classLoader, ClusterRunLocation.of(flink, options.pipeline, err))
                        .compose(definition, env);
        jars.addAll(BundledConnectorJars.toShip(composed.connectors(), jars, err));
        Configuration shipped = new Configuration();
        shipped.set(PipelineOptions.JARS, jars);
        env.configure(shipped, classLoader);
        JobClient job = env.executeAsync(definition.settings().name());
        String cluster = flink.get(RestOptions.ADDRESS) + ":" + flink.get(RestOptions.PORT);
        if (options.detached) {
            System.out.println(job.getJobID());
            err.println("Job " + job.getJobID() + " submitted to " + cluster + ".");
            return PipelineRunner.OK;
        }
        err.println(
                "Job " + job.getJobID() + " submitted to " + cluster + "; waiting for its end.");
        JobExecutionResult result = job.getJobExecutionResult().get();
        err.println("Job " + result.getJobID() + " finished.");
        return PipelineRunner.OK;
    }

    /** The runtime's job jar: named by the launcher, or the jar this class runs from. */
    static Path distJar() {
        String named = System.getProperty(DIST_JAR_PROPERTY);
        if (named != null && Files.isRegularFile(Path.of(named))) {
            return Path.of(named);
        }
        CodeSource source = RemoteSubmission.class.getProtectionDomain().getCodeSource();
        try {
            Path self = source == null ? null : Path.of(source.getLocation().toURI());
            if (self != null && Files.isRegularFile(self)) {
                return self;
            }
        } catch (URISyntaxException e) {
            // not a file: fall through to the message
        }
        throw new PipelineConfigException(
                "--target remote ships the runtime's job jar to the cluster, but there is none:"
                        + " build it with mvn -B -q -pl flink-schema-operator-dist -am install"
                        + " -DskipTests (bin/flink-cdc.sh does this itself).");
    }
}
