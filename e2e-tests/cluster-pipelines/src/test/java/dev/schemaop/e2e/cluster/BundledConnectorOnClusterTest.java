package dev.schemaop.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code bin/flink-cdc.sh --target remote} as a user runs it (issues 23, 26): the values connector,
 * found by its type and never passed with {@code --jar}, goes to the cluster with the job; and a
 * job the cluster cannot start says why on the console, not only in the cluster's log.
 */
class BundledConnectorOnClusterTest extends OnLocalCluster {
    private static final Pattern FINISHED = Pattern.compile("Job ([0-9a-f]{32}) finished\\.");

    @TempDir Path dir;

    private Path pipeline() throws Exception {
        Files.writeString(
                dir.resolve("script.yaml"),
                "events:\n"
                        + "  - {type: create.table, table: db.t, columns: [{name: id, type: INT"
                        + " NOT NULL}], primaryKeys: [id]}\n"
                        + "  - {type: insert, table: db.t, rows: [[1], [2]]}\n");
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(
                pipeline,
                "source:\n  type: values\n  script: script.yaml\nsink:\n  type: values\n"
                        + "pipeline:\n  name: bundled values\n");
        return pipeline;
    }

    private ClusterCli.Run submit(String... extra) throws Exception {
        String[] args = new String[7 + extra.length];
        args[0] = pipeline().toString();
        args[1] = "--target";
        args[2] = "remote";
        args[3] = "-D";
        args[4] = "rest.address=localhost";
        args[5] = "-D";
        args[6] = "rest.port=" + cluster.restPort();
        System.arraycopy(extra, 0, args, 7, extra.length);
        return ClusterCli.flinkCdcScript(cluster, args);
    }

    @Test
    void theBundledValuesConnectorGoesToTheClusterWithTheJob() throws Exception {
        ClusterCli.Run run = submit().succeeded();

        Matcher finished = FINISHED.matcher(run.stderr());
        assertThat(finished.find()).as("stderr:\n%s", run.stderr()).isTrue();
        assertThat(cluster.getJson("/jobs/" + finished.group(1)).path("state").asText())
                .isEqualTo("FINISHED");
    }

    @Test
    void aJobTheClusterCannotStartSaysWhyOnTheConsole() throws Exception {
        ClusterCli.Run run = submit("-s", "s3://nowhere/savepoint-1");

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stderr().lines().filter(l -> l.startsWith("Pipeline failed")))
                .singleElement()
                .asString()
                .startsWith(
                        "Pipeline failed: The cluster could not start the job:"
                                + " UnsupportedFileSystemSchemeException: Could not find a file"
                                + " system implementation for scheme 's3'.");
    }
}
