package dev.schemaop.e2e.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

/** {@code bin/flink-cdc.sh connectors [TYPE]} and {@code check} by type, from the source tree. */
class ConnectorsCommandTest {
    private static final String VERSION = System.getProperty("project.version");
    private static final Path ROOT =
            Path.of(System.getProperty("repository.root")).toAbsolutePath().normalize();

    private static ScriptRun flinkCdc(String... args) throws Exception {
        return ScriptRun.run(ROOT, ROOT, Map.of(), args);
    }

    @Test
    void aTypesOptionsComeFromItsFactory() throws Exception {
        ScriptRun run = flinkCdc("connectors", "postgres").succeeded();

        // postgres is a source (pipeline-connectors/postgres) and a sink (the JDBC sink)
        assertThat(run.stdout.lines().filter(line -> !line.startsWith(" ")))
                .containsExactly(
                        "source 'postgres' (project: pipeline-connectors/postgres/target/"
                                + "flink-cdc-pipeline-connector-postgres-"
                                + VERSION
                                + "-dist.jar,"
                                + " dev.schemaop.connectors.postgres.PostgresDataSourceFactory)",
                        "sink 'postgres' (project: pipeline-connectors/jdbc/target/"
                                + "flink-cdc-pipeline-connector-jdbc-"
                                + VERSION
                                + ".jar,"
                                + " dev.schemaop.connectors.jdbc.PostgresDataSinkFactory)");
        assertThat(run.stdout)
                .contains(
                        " dev.schemaop.connectors.jdbc.PostgresDataSinkFactory)\n"
                                + "  required:\n"
                                + "    url\n"
                                + "      JDBC url, e.g. jdbc:postgresql://")
                .contains("    sink.buffer-flush.max-rows (default: 1000)\n")
                .contains("    slot.name\n      The logical replication slot the source reads");
    }

    @Test
    void mariadbIsASourceAndASink() throws Exception {
        ScriptRun run = flinkCdc("connectors", "mariadb").succeeded();

        assertThat(run.stdout.lines().filter(line -> !line.startsWith(" ")))
                .containsExactly(
                        "source 'mariadb' (project: pipeline-connectors/mariadb/target/"
                                + "flink-cdc-pipeline-connector-mariadb-"
                                + VERSION
                                + "-dist.jar,"
                                + " dev.schemaop.connectors.mariadb.MariaDbDataSourceFactory)",
                        "sink 'mariadb' (project: pipeline-connectors/jdbc/target/"
                                + "flink-cdc-pipeline-connector-jdbc-"
                                + VERSION
                                + ".jar,"
                                + " dev.schemaop.connectors.jdbc.MariaDbDataSinkFactory)");
    }

    @Test
    void aTypeThatExistsNowhereIsOneMessage() throws Exception {
        ScriptRun run = flinkCdc("connectors", "nosuch");

        assertThat(run.exit).isEqualTo(2);
        assertThat(run.stderr.strip())
                .isEqualTo(
                        "No connector has type 'nosuch'. Run 'flink-cdc.sh connectors' for the"
                                + " types there are.");
        assertThat(run.stdout).isEmpty();
    }

    @Test
    void checkFindsTheConnectorsByTypeToo() throws Exception {
        Orders.dropPostgresSchema();

        ScriptRun run = flinkCdc("check", "conf/examples/values-to-postgres.yaml");

        assertThat(run.exit).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.stdout)
                .startsWith("Pipeline 'orders into postgres': values source -> postgres sink,");
        assertThat(run.stdout.lines().skip(1).map(line -> line.replaceAll("\\s+", " ")))
                .containsExactly(
                        " create shop.orders <- shop.orders",
                        "A start would succeed: 1 sink table (1 create).");
    }
}
