package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.cli.FlinkCdcCli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** SPEC §8: --help lists the options and says that --target remote is not available yet. */
class CliHelpTest {

    @Test
    void helpListsTheOptionsAndExitsZero() {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            exit = FlinkCdcCli.execute("--help");
        } finally {
            System.setOut(original);
        }
        String help = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).isZero();
        assertThat(help)
                .startsWith("Usage: flink-cdc.sh")
                .contains(
                        "--jar=JAR",
                        "-D=KEY=VALUE",
                        "--from-savepoint=PATH",
                        "--global-config=FILE",
                        "--use-mini-cluster",
                        "--detached",
                        "--verbose")
                .contains("remote: submit to a running Flink cluster at -D")
                .contains("rest.address=HOST -D rest.port=PORT");
    }
}
