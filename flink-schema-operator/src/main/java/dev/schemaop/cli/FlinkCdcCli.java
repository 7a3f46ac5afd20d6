package dev.schemaop.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code bin/flink-cdc.sh}: runs a pipeline definition (SPEC §8). */
@Command(
        name = "flink-cdc.sh",
        mixinStandardHelpOptions = false,
        sortOptions = false,
        subcommands = {CheckCommand.class, HistoryCommand.class, ConnectorsCommand.class},
        description = {
            "Runs a Flink CDC pipeline definition with flink-schema-operator's schema evolution.",
            "flink-cdc.sh check PIPELINE.yaml: what a start would do to each sink table, without"
                    + " running it.",
            "flink-cdc.sh history DIR: the schema decisions a run recorded (see history --help).",
            "flink-cdc.sh connectors [TYPE]: the source and sink types a pipeline can name, where"
                    + " each comes from, and a type's options.",
            "By default the pipeline runs on an embedded Flink MiniCluster and the command waits"
                    + " until a bounded pipeline ends (exit 0) or fails (exit 1, the cause on"
                    + " stderr). Bad input (YAML, options, files) exits 2 with one message."
        })
public final class FlinkCdcCli implements Callable<Integer> {

    // Optional for picocli, so that "check PIPELINE.yaml" reaches the subcommand; the run requires
    // it.
    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "PIPELINE.yaml",
            description = "The pipeline definition.")
    Path pipeline;

    @Option(
            names = "--target",
            paramLabel = "TARGET",
            description =
                    "local (default): an embedded Flink MiniCluster. remote: submit to a running"
                            + " Flink cluster at -D rest.address=HOST -D rest.port=PORT.")
    String target = "local";

    @Option(
            names = "--detached",
            description =
                    "With --target remote: print the job id once the job is submitted and exit 0,"
                            + " instead of waiting for the job's end.")
    boolean detached;

    @Option(
            names = "--no-web-ui",
            description =
                    "On the embedded MiniCluster: serve no web UI (bin/flink-cdc.sh leaves"
                            + " flink-runtime-web off the classpath). By default it serves Flink's"
                            + " web UI and REST API at -D rest.port (default: the first free port"
                            + " from 8081) on loopback, without jar upload, and prints the"
                            + " address; -D rest.bind-address=0.0.0.0 opens it to the network"
                            + " (with a warning), -D web.submit.enable=true turns jar upload on.")
    boolean noWebUi;

    @Option(
            names = "--use-mini-cluster",
            description = "Run on the embedded MiniCluster (the default).")
    boolean useMiniCluster;

    @Option(
            names = "--flink-home",
            paramLabel = "DIR",
            description = "Flink distribution (for --target remote).")
    Path flinkHome;

    @Mixin DefinitionOptions inputs;

    @Option(
            names = {"-s", "--from-savepoint"},
            paramLabel = "PATH",
            description = "Start from this savepoint or retained checkpoint.")
    String savepoint;

    @Option(
            names = "--fresh",
            description =
                    "On the embedded MiniCluster: start over instead of resuming from the newest"
                            + " checkpoint of an earlier run of this pipeline (whose checkpoints"
                            + " are deleted).")
    boolean fresh;

    @Option(
            names = "--allow-non-restored-state",
            description = "With -s: skip state that maps to no operator.")
    boolean allowNonRestoredState;

    @Mixin HelpOption help;

    @Override
    public Integer call() {
        return new PipelineRunner(this).run();
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code. */
    public static int execute(String... args) {
        CommandLine commandLine = new CommandLine(new FlinkCdcCli());
        commandLine.setParameterExceptionHandler(
                (ex, arguments) -> {
                    ex.getCommandLine().getErr().println("Error: " + ex.getMessage());
                    ex.getCommandLine()
                            .getErr()
                            .println("Run 'flink-cdc.sh --help' for the options.");
                    return 2;
                });
        return commandLine.execute(args);
    }
}
