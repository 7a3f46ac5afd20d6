package dev.schemaop.e2e.paimon;

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
 * Runs a pipeline through {@code flink-cdc.sh}'s main class on the embedded Flink MiniCluster with
 * the Paimon connector's jar passed with {@code --jar} (system property {@code
 * paimon.connector.jar}); the exit code and stderr, but the run's closing summary (cli.RunSummary).
 */
record PaimonPipelineRun(int exitCode, String stderr) {
    private static final String FACTORY = "dev.schemaop.connectors.paimon.PaimonDataSinkFactory";

    /** The connector's jar, and the proof that only {@code --jar} can load it. */
    static Path connectorJar() {
        String property = System.getProperty("paimon.connector.jar");
        assertThat(property).as("system property paimon.connector.jar").isNotBlank();
        Path jar = Path.of(property);
        assertThat(jar).as("build pipeline-connectors/paimon first").isRegularFile();
        assertThatThrownBy(() -> Class.forName(FACTORY))
                .as("the Paimon connector must not be on the test class path")
                .isInstanceOf(ClassNotFoundException.class);
        return jar;
    }

    /** Writes {@code pipelineYaml} into {@code dir} and runs it with {@code -D} options. */
    static PaimonPipelineRun run(Path dir, String pipelineYaml, String... flinkOptions)
            throws IOException {
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(pipeline, pipelineYaml);
        List<String> args = new ArrayList<>(List.of("--jar", connectorJar().toString()));
        for (String option : flinkOptions) {
            args.add("-D");
            args.add(option);
        }
        args.add(pipeline.toString());
        PrintStream originalErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = FlinkCdcCli.execute(args.toArray(new String[0]));
        } finally {
            System.setErr(originalErr);
        }
        String stderr = err.toString(StandardCharsets.UTF_8);
        originalErr.print(stderr);
        return new PaimonPipelineRun(exit, SummaryLines.without(stderr));
    }

    /**
     * {@code conf/examples/values-to-paimon.yaml} as a user runs it, its script found where it is
     * and its warehouse moved to {@code warehouse}.
     */
    static String example(Path warehouse) throws IOException {
        Path examples = Path.of(System.getProperty("repository.root")).resolve("conf/examples");
        return Files.readString(examples.resolve("values-to-paimon.yaml"))
                .replace(
                        "script: orders-events.yaml",
                        "script: " + examples.resolve("orders-events.yaml"))
                .replace("target/paimon-warehouse", warehouse.toUri().toString());
    }

    /** The values source reading {@code script} in {@code parallelism} splits into Paimon. */
    static String valuesInto(
            Path warehouse, Path script, int parallelism, String behavior, String sinkOptions) {
        return "source:\n  type: values\n  script: "
                + script
                + "\n  splits: "
                + parallelism
                + "\nsink:\n  type: paimon\n  catalog.properties.warehouse: "
                + warehouse.toUri()
                + "\n"
                + sinkOptions
                + "pipeline:\n  parallelism: "
                + parallelism
                + "\n  schema.change.behavior: "
                + behavior
                + "\n";
    }

    /** No stack trace frames and no exception class names on stderr (SPEC §8). */
    static void assertNoStackTrace(String stderr) {
        assertThat(stderr).as("stderr must hold no stack trace").doesNotContain("\tat ");
        assertThat(stderr).as("stderr must name no exception class").doesNotContain("Exception");
    }

    PaimonPipelineRun assertSucceeded() {
        assertThat(exitCode).as("exit code; stderr:\n%s", stderr).isZero();
        assertThat(stderr).isBlank();
        return this;
    }
}
