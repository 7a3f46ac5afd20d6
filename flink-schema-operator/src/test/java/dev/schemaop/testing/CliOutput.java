package dev.schemaop.testing;

import dev.schemaop.cli.FlinkCdcCli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code flink-cdc.sh ARGS} run in this JVM: its exit code and what it printed, which also goes on
 * to this JVM's own stdout and stderr for a failure's reader.
 */
public record CliOutput(int exitCode, String stdout, String stderr) {

    public static CliOutput of(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            exit = FlinkCdcCli.execute(args);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        CliOutput output =
                new CliOutput(
                        exit,
                        stdout.toString(StandardCharsets.UTF_8),
                        stderr.toString(StandardCharsets.UTF_8));
        out.print(output.stdout);
        err.print(output.stderr);
        return output;
    }
}
