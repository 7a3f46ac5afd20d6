package dev.schemaop.e2e.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The binary distribution as a user gets it (issue 26): untarred into a directory outside the
 * source tree, its {@code bin/flink-cdc.sh} runs the demo and a real-server example with the Java
 * it finds and nothing else: no Maven run, no source tree.
 */
class DistributionTest {
    @TempDir static Path unpacked;
    static Path home;

    @BeforeAll
    static void untar() throws Exception {
        Path tarball = Path.of(System.getProperty("distribution.tarball"));
        assertThat(tarball).exists();
        System.out.printf(
                "Binary distribution %s: %.1f MB%n",
                tarball.getFileName(), Files.size(tarball) / 1024.0 / 1024.0);
        Process tar =
                new ProcessBuilder("tar", "xzf", tarball.toString(), "-C", unpacked.toString())
                        .inheritIO()
                        .start();
        assertThat(tar.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(tar.exitValue()).isZero();
        try (var dirs = Files.list(unpacked)) {
            home = dirs.findFirst().orElseThrow();
        }
        assertThat(home.getFileName().toString()).startsWith("flink-schema-operator-");
    }

    /** No Maven on the path: the distribution must not need one. */
    private static Map<String, String> withoutMaven() throws Exception {
        Map<String, String> env = new HashMap<>();
        Path bin = unpacked.resolve("no-maven-bin");
        Files.createDirectories(bin);
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\necho 'mvn was called' >&2\nexit 3\n");
        mvn.toFile().setExecutable(true);
        env.put("PATH", bin + ":" + System.getenv("PATH"));
        env.put("SCHEMAOP_PREBUILT", null); // set for this build's own tests: not a user's
        return env;
    }

    @Test
    void theDemoRunsFromTheUnpackedDistribution() throws Exception {
        ScriptRun run =
                ScriptRun.run(home, home, withoutMaven(), "conf/examples/demo.yaml", "--no-web-ui")
                        .succeeded();

        assertThat(run.stderr).doesNotContain("mvn was called").doesNotContain("Building");
        assertThat(Orders.inValuesResult(home.resolve("target/demo-result.json")))
                .containsExactlyElementsOf(Orders.ROWS);
    }

    @Test
    void theValuesToPostgresExampleRunsFromTheUnpackedDistribution() throws Exception {
        Orders.dropPostgresSchema();

        ScriptRun.run(
                        home,
                        home,
                        withoutMaven(),
                        "conf/examples/values-to-postgres.yaml",
                        "--no-web-ui")
                .succeeded();

        try (Connection postgres = Servers.postgres()) {
            assertThat(Orders.inPostgres(postgres)).containsExactlyElementsOf(Orders.ROWS);
        }
    }

    @Test
    void itListsItsConnectorsFromItsConnectorsDirectory() throws Exception {
        ScriptRun run = ScriptRun.run(home, home, withoutMaven(), "connectors").succeeded();

        assertThat(run.stdout.lines().skip(1).map(line -> line.replaceAll("\\s+", " ").strip()))
                .containsExactly(
                        "source mariadb project connectors/flink-cdc-pipeline-connector-mariadb-"
                                + version()
                                + "-dist.jar",
                        "source postgres project connectors/flink-cdc-pipeline-connector-postgres-"
                                + version()
                                + "-dist.jar",
                        "source values project connectors/flink-cdc-pipeline-connector-values-"
                                + version()
                                + ".jar",
                        "sink mariadb project connectors/flink-cdc-pipeline-connector-jdbc-"
                                + version()
                                + ".jar",
                        "sink paimon project connectors/flink-cdc-pipeline-connector-paimon-"
                                + version()
                                + ".jar",
                        "sink postgres project connectors/flink-cdc-pipeline-connector-jdbc-"
                                + version()
                                + ".jar",
                        "sink values project connectors/flink-cdc-pipeline-connector-values-"
                                + version()
                                + ".jar");
    }

    private static String version() {
        return home.getFileName().toString().substring("flink-schema-operator-".length());
    }
}
