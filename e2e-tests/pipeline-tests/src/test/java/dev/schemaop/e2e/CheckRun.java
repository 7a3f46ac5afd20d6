package dev.schemaop.e2e;

import dev.schemaop.cli.FlinkCdcCli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code flink-cdc.sh check} on a pipeline written into a directory: exit code, stdout, stderr. */
record CheckRun(int exitCode, String stdout, String stderr) {

    static CheckRun of(Path dir, String pipelineYaml) throws IOException {
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(pipeline, pipelineYaml);
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            exit = FlinkCdcCli.execute("check", pipeline.toString());
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        CheckRun run =
                new CheckRun(
                        exit,
                        stdout.toString(StandardCharsets.UTF_8),
                        stderr.toString(StandardCharsets.UTF_8));
        out.print(run.stdout);
        err.print(run.stderr);
        return run;
    }
}
