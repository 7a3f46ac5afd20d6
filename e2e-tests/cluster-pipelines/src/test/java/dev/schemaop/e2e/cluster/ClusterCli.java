package dev.schemaop.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.CliOutput;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two command lines a user submits with: this project's ({@code bin/flink-cdc.sh}, run in the
 * test's JVM, or as the script) and Flink's own ({@code bin/flink.sh}, CliFrontend, a process of
 * its own).
 */
final class ClusterCli {
    private static final Pattern SAVEPOINT = Pattern.compile("Savepoint completed\\. Path: (\\S+)");
    private static final Pattern JOB_ID = Pattern.compile("JobID ([0-9a-f]{32})");

    private ClusterCli() {}

    record Run(int exit, String stdout, String stderr) {
        Run succeeded() {
            assertThat(exit).as("exit code; stdout:\n%s\nstderr:\n%s", stdout, stderr).isZero();
            return this;
        }

        /** The savepoint path {@code flink stop --savepointPath} printed. */
        String savepoint() {
            Matcher matcher = SAVEPOINT.matcher(stdout);
            assertThat(matcher.find()).as("a savepoint path in:\n%s", stdout).isTrue();
            return matcher.group(1);
        }

        /** The job id {@code flink run -d} printed. */
        String jobId() {
            Matcher matcher = JOB_ID.matcher(stdout);
            assertThat(matcher.find()).as("a job id in:\n%s", stdout).isTrue();
            return matcher.group(1);
        }
    }

    /** {@code --jar} options for these connectors (values, jdbc, mariadb). */
    static List<String> connectorJars(String... connectors) {
        List<String> jars = new ArrayList<>();
        for (String property : connectors) {
            jars.add("--jar");
            jars.add(System.getProperty(property + ".connector.jar"));
        }
        return jars;
    }

    /** {@code bin/flink-cdc.sh PIPELINE --target remote ...} against the cluster. */
    static Run flinkCdcRemote(LocalCluster cluster, Path pipeline, List<String> extra) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                pipeline.toString(),
                                "--target",
                                "remote",
                                "-D",
                                "rest.address=localhost",
                                "-D",
                                "rest.port=" + cluster.restPort()));
        args.addAll(extra);
        return flinkCdc(args);
    }

    static Run flinkCdc(List<String> args) {
        CliOutput output = CliOutput.of(args.toArray(new String[0]));
        return new Run(output.exitCode(), output.stdout(), output.stderr());
    }

    /** {@code bin/flink.sh ARGS}: Flink's CliFrontend with the cluster's configuration. */
    static Run flink(LocalCluster cluster, String... args) throws Exception {
        return script(cluster, "bin/flink.sh", "flink-cli.log", args);
    }

    /**
     * {@code bin/flink-cdc.sh ARGS} as a process of its own, as a user runs it: with the bundled
     * values connector on its classpath, which the tests' own JVM does not have.
     */
    static Run flinkCdcScript(LocalCluster cluster, String... args) throws Exception {
        return script(cluster, "bin/flink-cdc.sh", "flink-cdc.log", args);
    }

    private static Run script(LocalCluster cluster, String script, String log, String... args)
            throws Exception {
        Path root = Path.of(System.getProperty("repository.root")).toAbsolutePath().normalize();
        List<String> command = new ArrayList<>();
        command.add(root.resolve(script).toString());
        command.addAll(List.of(args));
        Path stdout = Files.createTempFile("flink-cli", ".out");
        Path stderr = Files.createTempFile("flink-cli", ".err");
        ProcessBuilder builder =
                prebuilt(new ProcessBuilder(command))
                        .redirectOutput(stdout.toFile())
                        .redirectError(stderr.toFile());
        builder.environment().put("FLINK_CONF_DIR", cluster.confDir().toString());
        builder.environment()
                .put(
                        "FLINK_CDC_LOG_FILE",
                        cluster.confDir().resolveSibling("log/" + log).toString());
        Process process = builder.start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("%s", command).isTrue();
        Run run = new Run(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
        Files.delete(stdout);
        Files.delete(stderr);
        System.err.print(run.stderr());
        return run;
    }

    /**
     * The scripts skip their on-demand build: this Maven build has just built what they use, and a
     * build from in here would rewrite the jars this JVM and the cluster hold open.
     */
    static ProcessBuilder prebuilt(ProcessBuilder builder) {
        builder.environment().put("SCHEMAOP_PREBUILT", "1");
        return builder;
    }
}
