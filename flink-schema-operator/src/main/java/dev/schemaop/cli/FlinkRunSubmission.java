package dev.schemaop.cli;

import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.definition.PipelineDefinition;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.client.program.StreamContextEnvironment;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The job jar's main class under Flink's own client ({@code flink run
 * flink-schema-operator-dist.jar pipeline.yaml [--jar connector.jar]}): the client has set up an
 * environment that submits to its cluster, attached or detached as {@code flink run} was told. The
 * pipeline is composed into that environment; the connector jars named with {@code --jar} are
 * shipped with the job beside the job jar the client ships.
 */
final class FlinkRunSubmission {
    private final FlinkCdcCli options;
    private final PrintStream err;

    FlinkRunSubmission(FlinkCdcCli options, PrintStream err) {
        this.options = options;
        this.err = err;
    }

    /** Whether this JVM is Flink's client running this jar: it has set a context environment. */
    static boolean underFlinkRun() {
        return StreamExecutionEnvironment.getExecutionEnvironment()
                instanceof StreamContextEnvironment;
    }

    int submit(PipelineDefinition definition, Configuration flink, ClassLoader classLoader)
            throws Exception {
        List<String> connectorJars = flink.getOptional(PipelineOptions.JARS).orElse(List.of());
        flink.removeConfig(PipelineOptions.JARS);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(flink);
        List<String> jars =
                new ArrayList<>(
                        env.getConfiguration().getOptional(PipelineOptions.JARS).orElse(List.of()));
        jars.addAll(connectorJars);
        Configuration shipped = new Configuration();
        shipped.set(PipelineOptions.JARS, jars);
        env.configure(shipped, classLoader);

        new PipelineComposer(
                        classLoader,
                        ClusterRunLocation.of(env.getConfiguration(), options.pipeline, err))
                .compose(definition, env);
        JobExecutionResult result = env.execute(definition.settings().name());
        if (result.isJobExecutionResult()) {
            err.println("Job " + result.getJobID() + " finished.");
        }
        return PipelineRunner.OK;
    }
}
