package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.launch.JobConnectors;
import dev.schemaop.pipeline.RunLocation;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.StateRecoveryOptions;

import java.io.PrintStream;
import java.util.Map;
import java.util.ServiceConfigurationError;

/**
 * Parses, composes and runs one pipeline for the command line, and turns failures into messages.
 */
final class PipelineRunner {
    static final int OK = 0;
    static final int JOB_FAILED = 1;
    static final int BAD_INPUT = 2;

    private final FlinkCdcCli options;
    private final PrintStream err = System.err;
    private final FailureReport failures;

    PipelineRunner(FlinkCdcCli options) {
        this.options = options;
        this.failures = new FailureReport(err, options.inputs.verbose);
    }

    int run() {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try {
            checkTarget();
            PipelineDefinition definition =
                    new PipelineDefinitionParser()
                            .parse(
                                    DefinitionInput.pipelineFile(options.pipeline),
                                    DefinitionInput.globalConfig(options.inputs.globalConfig));
            // Bad options are told before a connector is built, which may take minutes.
            Configuration flinkConfiguration = flinkConfiguration();
            failures.hide(definition, flinkConfiguration.toMap());
            try (JobConnectors connectors =
                    DefinitionInput.connectors(definition, options.inputs.jars, previous)) {
                if (!connectors.jars().isEmpty()) {
                    flinkConfiguration.set(PipelineOptions.JARS, connectors.jarUris());
                }
                ClassLoader classLoader = connectors.classLoader();
                Thread.currentThread().setContextClassLoader(classLoader);
                return run(definition, flinkConfiguration, classLoader);
            }
        } catch (PipelineConfigException e) {
            failures.print(e.getMessage(), e);
            return BAD_INPUT;
        } catch (Exception | LinkageError | ServiceConfigurationError e) {
            reportFailure(e);
            return JOB_FAILED;
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    private int run(
            PipelineDefinition definition,
            Configuration flinkConfiguration,
            ClassLoader classLoader)
            throws Exception {
        if (FlinkRunSubmission.underFlinkRun()) {
            return new FlinkRunSubmission(options, err)
                    .submit(definition, flinkConfiguration, classLoader);
        }
        if (RemoteSubmission.TARGET.equals(options.target)) {
            return new RemoteSubmission(options, err)
                    .submit(definition, flinkConfiguration, classLoader);
        }
        try (ScratchDirectory scratch = ScratchDirectory.create()) {
            scratch.holdFlinkFilesOf(flinkConfiguration);
            RestExposure.restrict(flinkConfiguration)
                    .ifPresent(warning -> err.println("Warning: " + warning));
            EmbeddedWebUi.configure(flinkConfiguration, !options.noWebUi);
            RunLocation run =
                    new RunLocation(options.pipeline.toAbsolutePath().getParent(), scratch.path());
            EmbeddedRun.Outcome outcome =
                    new EmbeddedRun(err)
                            .run(
                                    definition,
                                    flinkConfiguration,
                                    classLoader,
                                    run,
                                    options.pipeline);
            if (outcome.failure() != null) {
                reportFailure(outcome.failure());
            }
            outcome.summary().forEach(err::println);
            return outcome.failure() == null ? OK : JOB_FAILED;
        }
    }

    private void checkTarget() {
        boolean remote = RemoteSubmission.TARGET.equals(options.target);
        if (!remote && !"local".equals(options.target)) {
            throw new PipelineConfigException(
                    "--target "
                            + options.target
                            + " is not a target. Use local (the embedded Flink MiniCluster, the"
                            + " default) or remote (a running Flink cluster, with -D"
                            + " rest.address=HOST -D rest.port=PORT).");
        }
        if (remote && options.useMiniCluster) {
            throw new PipelineConfigException(
                    "--target remote contradicts --use-mini-cluster, which runs the pipeline on"
                            + " the embedded Flink MiniCluster. Pass one of them.");
        }
        if (!remote && options.detached) {
            throw new PipelineConfigException(
                    "--detached is for --target remote: on the embedded MiniCluster the command"
                            + " runs the job to its end.");
        }
    }

    /** The {@code -D} options, checked against Flink's own options before anything starts. */
    private Configuration flinkConfiguration() {
        Map<String, String> given = FlinkOptionCheck.keyValues(options.inputs.flinkOptions);
        FlinkOptionCheck.check(given).forEach(warning -> err.println("Warning: " + warning));
        Configuration conf = Configuration.fromMap(given);
        if (options.savepoint != null) {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, Savepoints.check(options.savepoint));
            conf.set(
                    StateRecoveryOptions.SAVEPOINT_IGNORE_UNCLAIMED_STATE,
                    options.allowNonRestoredState);
        }
        return conf;
    }

    /** Where bin/flink-cdc.sh sends the whole log, Flink's own lines and stack traces included. */
    private static String logFileHint() {
        String logFile = System.getProperty("flink.cdc.log.file");
        return logFile == null
                ? ""
                : System.lineSeparator() + "The whole log is in " + logFile + ".";
    }

    private void reportFailure(Throwable failure) {
        failures.print(
                "Pipeline failed: " + FailureMessages.rootMessage(failure) + logFileHint(),
                failure);
    }
}
