package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.launch.JobConnectors;
import dev.schemaop.pipeline.RunLocation;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.util.TimeUtils;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
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

    /** {@code -D execution.checkpointing.interval=0}: no checkpoints, not even by default. */
    private boolean checkpointingOff;

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
            EmbeddedRun.Outcome outcome;
            try (PipelineCheckpoints checkpoints = checkpoints(definition, flinkConfiguration)) {
                outcome =
                        new EmbeddedRun(err)
                                .run(
                                        definition,
                                        flinkConfiguration,
                                        classLoader,
                                        run,
                                        options.pipeline,
                                        checkpoints == null
                                                ? null
                                                : checkpoints.defaults(
                                                        checkpointingOff
                                                                ? null
                                                                : PipelineCheckpoints
                                                                        .DEFAULT_INTERVAL),
                                        checkpoints);
            }
            if (outcome.failure() != null) {
                reportFailure(outcome.failure());
            }
            outcome.summary().forEach(err::println);
            return outcome.failure() == null ? OK : JOB_FAILED;
        }
    }

    /**
     * The embedded run's checkpoint directory, searched for a checkpoint to resume from; null when
     * the run's checkpoints go to a file system other than the local one.
     */
    @Nullable
    private PipelineCheckpoints checkpoints(
            PipelineDefinition definition, Configuration flinkConfiguration) throws IOException {
        Optional<PipelineCheckpoints> checkpoints =
                PipelineCheckpoints.of(
                        definition, flinkConfiguration, Path.of("").toAbsolutePath());
        if (checkpoints.isEmpty()) {
            if (options.fresh) {
                throw new PipelineConfigException(
                        "--fresh deletes the checkpoints of earlier runs in a local directory, but"
                                + " -D execution.checkpointing.dir names another file system."
                                + " Leave --fresh out: a run starts over there unless -s names a"
                                + " checkpoint.");
            }
            return null;
        }
        checkpoints.get().beforeStart(flinkConfiguration, options.fresh, !checkpointingOff, err);
        return checkpoints.get();
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
        if (options.fresh && (remote || options.savepoint != null)) {
            throw new PipelineConfigException(
                    remote
                            ? "--fresh is for the embedded MiniCluster, which resumes from its last"
                                    + " checkpoint by itself; a remote job starts from what -s"
                                    + " names, and from the start without it."
                            : "--fresh contradicts -s: one starts over, the other restores "
                                    + options.savepoint
                                    + ". Pass one of them.");
        }
        if (!remote && options.detached) {
            throw new PipelineConfigException(
                    "--detached is for --target remote: on the embedded MiniCluster the command"
                            + " runs the job to its end.");
        }
    }

    /** The {@code -D} options, checked against Flink's own options before anything starts. */
    private Configuration flinkConfiguration() {
        Map<String, String> given =
                new LinkedHashMap<>(FlinkOptionCheck.keyValues(options.inputs.flinkOptions));
        String interval = given.get(CheckpointingOptions.CHECKPOINTING_INTERVAL.key());
        // Flink takes no interval of 0; it is how a run keeps checkpointing off (issue 28).
        if (interval != null && isZero(interval)) {
            given.remove(CheckpointingOptions.CHECKPOINTING_INTERVAL.key());
            checkpointingOff = true;
        }
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

    private static boolean isZero(String duration) {
        try {
            return TimeUtils.parseDuration(duration).isZero();
        } catch (IllegalArgumentException e) {
            return false; // Flink says what is wrong with it
        }
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
