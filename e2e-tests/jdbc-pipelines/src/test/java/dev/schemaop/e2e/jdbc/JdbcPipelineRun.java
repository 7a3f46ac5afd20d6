package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.cli.FlinkCdcCli;
import dev.schemaop.testing.SummaryLines;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a pipeline through the real front door, {@code flink-cdc.sh}'s main class, on the embedded
 * Flink MiniCluster, with the JDBC connector's jar passed with {@code --jar}, and captures the exit
 * code and stderr. The connector ({@code pipeline-connectors/jdbc}) is built before this module but
 * kept off the test class path; its jar comes in the system property {@code jdbc.connector.jar}.
 */
final class JdbcPipelineRun {
    private static final String POSTGRES_SINK_FACTORY =
            "dev.schemaop.connectors.jdbc.PostgresDataSinkFactory";
    private static final String MARIADB_SINK_FACTORY =
            "dev.schemaop.connectors.jdbc.MariaDbDataSinkFactory";

    final int exitCode;

    /** What the run printed on stderr but its closing summary (cli.RunSummary). */
    final String stderr;

    private JdbcPipelineRun(int exitCode, String printed) {
        this.exitCode = exitCode;
        this.stderr = SummaryLines.without(printed);
    }

    /**
     * The connector's jar, checked to exist and to be the only place its classes come from: the
     * tests only prove something if {@code --jar} is what loads the connector.
     */
    static Path connectorJar() {
        String property = System.getProperty("jdbc.connector.jar");
        assertThat(property)
                .as("system property jdbc.connector.jar (set by surefire)")
                .isNotBlank();
        Path jar = Path.of(property);
        assertThat(jar).as("build pipeline-connectors/jdbc first").isRegularFile();
        assertThatThrownBy(() -> Class.forName(POSTGRES_SINK_FACTORY))
                .as("the JDBC connector must not be on the test class path")
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> Class.forName(MARIADB_SINK_FACTORY))
                .as("the JDBC connector must not be on the test class path")
                .isInstanceOf(ClassNotFoundException.class);
        return jar;
    }

    /**
     * Writes {@code pipelineYaml} into {@code dir} as pipeline.yaml and runs it, each of {@code
     * flinkOptions} ({@code key=value}) given with {@code -D}.
     */
    static JdbcPipelineRun run(Path dir, String pipelineYaml, String... flinkOptions)
            throws IOException {
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(pipeline, pipelineYaml);
        List<String> argList = new ArrayList<>(List.of("--jar", connectorJar().toString()));
        for (String option : flinkOptions) {
            argList.add("-D");
            argList.add(option);
        }
        argList.add(pipeline.toString());
        String[] args = argList.toArray(new String[0]);
        PrintStream originalErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = FlinkCdcCli.execute(args);
        } finally {
            System.setErr(originalErr);
        }
        String stderr = err.toString(StandardCharsets.UTF_8);
        originalErr.print(stderr);
        return new JdbcPipelineRun(exit, stderr);
    }

    /**
     * The pipeline most tests run: the values source reading {@code script} in {@code parallelism}
     * splits, into {@code endpoint}'s sink, at that parallelism, under {@code behavior}.
     */
    static String valuesInto(JdbcEndpoint endpoint, Path script, int parallelism, String behavior) {
        return "source:\n  type: values\n  script: "
                + script
                + "\n  splits: "
                + parallelism
                + "\n"
                + endpoint.sinkBlock("")
                + "pipeline:\n  parallelism: "
                + parallelism
                + "\n  schema.change.behavior: "
                + behavior
                + "\n";
    }

    /** Exit code 0, and nothing on stderr but the run's summary. */
    JdbcPipelineRun assertSucceeded() {
        assertThat(exitCode).as("exit code; stderr:\n%s", stderr).isZero();
        assertThat(stderr).isBlank();
        return this;
    }

    /** No stack trace frames and no exception class names on stderr (SPEC §8). */
    static void assertNoStackTrace(String stderr) {
        assertThat(stderr).as("stderr must hold no stack trace").doesNotContain("\tat ");
        assertThat(stderr).as("stderr must name no exception class").doesNotContain("Exception");
        assertThat(stderr)
                .as("stderr must name no error class")
                .doesNotContainPattern("\\b[A-Z]\\w+Error\\b");
    }
}
