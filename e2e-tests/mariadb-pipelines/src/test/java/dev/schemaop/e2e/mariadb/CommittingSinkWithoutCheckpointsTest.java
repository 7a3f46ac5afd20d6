package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A sink that commits at checkpoints behind the MariaDB source, which never ends, without
 * checkpointing (issue 23, item 7): nothing it wrote would ever be committed (Paimon: data files
 * and no snapshot), so the start is refused with one message naming the sink, why and the option
 * that fixes it; nothing runs and nothing is written. An embedded run checkpoints such a source by
 * default (issue 28); {@code -D execution.checkpointing.interval=0} keeps checkpointing off.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES) // a start that is not refused never ends
class CommittingSinkWithoutCheckpointsTest {
    private static final String DB = "e2e_maria_commit_nockpt";
    private static final String CHECKPOINTING_OFF = "execution.checkpointing.interval=0";

    @TempDir Path dir;

    @BeforeAll
    static void table() throws SQLException {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            Servers.freshDatabase(sql, DB);
            sql.execute("CREATE TABLE " + DB + ".t (id INT NOT NULL PRIMARY KEY, v TEXT)");
            sql.execute("INSERT INTO " + DB + ".t VALUES (1, 'a'), (2, 'b')");
        }
    }

    private static String refused(CliRun run, String sinkType) throws Exception {
        return run.at("sink:").replaceFirst(": $", "")
                + ": the '"
                + sinkType
                + "' sink commits what it writes only when a checkpoint completes, but"
                + " checkpointing is off and the 'mariadb' source has no end, so nothing it writes"
                + " would ever be committed. Turn checkpointing on: -D"
                + " execution.checkpointing.interval=10s.\n";
    }

    @Test
    void theValuesSinkInExactlyOnceModeIsRefused() throws Exception {
        Path output = dir.resolve("result.json");
        CliRun run =
                CliRun.run(
                        dir,
                        Servers.sourceBlock(DB + ".t", "")
                                + "sink:\n  type: values\n  delivery.guarantee: exactly-once\n"
                                + "  output.path: "
                                + output
                                + "\n",
                        "-D",
                        CHECKPOINTING_OFF);

        assertThat(run.exitCode).isEqualTo(2);
        assertThat(run.stderr).isEqualTo(refused(run, "values"));
        assertThat(output).doesNotExist();
    }

    @Test
    void paimonIsRefusedAndItsWarehouseGetsNoDataFile() throws Exception {
        Path warehouse = dir.resolve("warehouse");
        CliRun run =
                CliRun.run(
                        dir,
                        Servers.sourceBlock(DB + ".t", "")
                                + "sink:\n  type: paimon\n  catalog.properties.warehouse: "
                                + warehouse.toUri()
                                + "\n",
                        "--jar",
                        System.getProperty("paimon.connector.jar"),
                        "-D",
                        CHECKPOINTING_OFF);

        assertThat(run.exitCode).isEqualTo(2);
        assertThat(run.stderr).isEqualTo(refused(run, "paimon"));
        if (Files.exists(warehouse)) {
            try (Stream<Path> files = Files.walk(warehouse)) {
                assertThat(files.filter(Files::isRegularFile)).isEmpty();
            }
        }
    }
}
