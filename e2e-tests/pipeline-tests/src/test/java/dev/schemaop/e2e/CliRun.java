package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.cli.FlinkCdcCli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs {@link FlinkCdcCli#execute} with exactly the given arguments (no pipeline file written), for
 * command-line errors, and captures stderr. Also holds the check every error message must pass: no
 * stack trace on stderr (SPEC §8: only with {@code --verbose}).
 */
final class CliRun {
    final int exitCode;
    final String stderr;

    private CliRun(int exitCode, String stderr) {
        this.exitCode = exitCode;
        this.stderr = stderr;
    }

    static CliRun execute(String... args) {
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
        return new CliRun(exit, stderr);
    }

    /** No stack trace frames and no exception class names on stderr. */
    static void assertNoStackTrace(String stderr) {
        assertThat(stderr).as("stderr must hold no stack trace").doesNotContain("\tat ");
        assertThat(stderr).as("stderr must name no exception class").doesNotContain("Exception");
        assertThat(stderr)
                .as("stderr must name no error class")
                .doesNotContainPattern("\\b[A-Z]\\w+Error\\b");
    }
}
