package dev.schemaop.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.Servers;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The registry's metrics on a cluster, read as a user would through Flink's REST API: the schema
 * changes applied and skipped per table from the coordinator ({@code jm-operator-metrics}), the
 * discarded values per table and column and the rows held from the tasks ({@code metrics}).
 */
class RegistryMetricsTest extends OnLocalCluster {
    private static final String DB = "e2e_cluster_metrics";

    @TempDir Path dir;

    @Test
    void schemaChangeDecisionsDiscardsAndHeldRowsAreOnTheRestApi() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB)) {
            Servers.freshDatabase(sql, DB);
            sql.execute("CREATE TABLE " + DB + ".items (id INT NOT NULL PRIMARY KEY, qty INT)");
            sql.execute("INSERT INTO " + DB + ".items VALUES (1, 1)");
            Path pipeline = dir.resolve("pipeline.yaml");
            Files.writeString(
                    pipeline,
                    Servers.sourceBlock(DB + ".items", "")
                            + Servers.postgresSinkBlock(
                                    Servers.POSTGRES_URL,
                                    "  exclude.schema.changes: [add.column]\n")
                            + "pipeline:\n  name: metrics\n  parallelism: 1\n"
                            + "  schema.change.behavior: evolve\n");
            List<String> args = new ArrayList<>(List.of("--detached"));
            args.addAll(ClusterCli.connectorJars("jdbc", "mariadb"));
            String job =
                    ClusterCli.flinkCdcRemote(cluster, pipeline, args).succeeded().stdout().strip();
            cluster.awaitJobState(job, Set.of("RUNNING"));
            List<String> snapshot = List.of("id=1, qty=1");
            assertThat(SinkRows.await(cluster, job, () -> pg.rows("items"), snapshot))
                    .isEqualTo(snapshot);

            sql.execute("ALTER TABLE " + DB + ".items MODIFY qty BIGINT"); // applied
            sql.execute("ALTER TABLE " + DB + ".items ADD COLUMN extra INT"); // excluded: skipped
            sql.execute("INSERT INTO " + DB + ".items VALUES (2, 2, 99)"); // 99 is discarded
            List<String> rows = List.of("id=1, qty=1", "id=2, qty=2");
            assertThat(SinkRows.await(cluster, job, () -> pg.rows("items"), rows)).isEqualTo(rows);

            String table = DB + "_items"; // the REST API writes the table's dot as _
            Map<String, String> expected = new TreeMap<>();
            expected.put("jm:table." + table + ".schemaChangesApplied", "2"); // create, retype
            expected.put("jm:table." + table + ".schemaChangesSkipped", "1");
            expected.put("task:table." + table + ".column.extra.discardedValues", "1");
            expected.put("task:rowsHeld", "0");
            assertThat(awaitMetrics(job, expected)).isEqualTo(expected);
            assertThat(metrics(job, "jm", "lastSchemaChangeWaitMs")).hasSize(1);
            ClusterCli.flink(cluster, "cancel", "-m", "localhost:" + cluster.restPort(), job)
                    .succeeded();
        }
    }

    /**
     * The metrics whose names end as the keys say ("jm:" of the coordinators, "task:" of the tasks,
     * summed over the job's vertices), once they have the expected values: Flink's REST API fetches
     * them every few seconds.
     */
    private Map<String, String> awaitMetrics(String job, Map<String, String> expected)
            throws Exception {
        Map<String, String> found = new TreeMap<>();
        long deadline = System.currentTimeMillis() + 90_000;
        while (System.currentTimeMillis() < deadline) {
            found.clear();
            for (String key : expected.keySet()) {
                String kind = key.substring(0, key.indexOf(':'));
                List<Long> values = metrics(job, kind, key.substring(kind.length() + 1));
                if (!values.isEmpty()) {
                    found.put(key, String.valueOf(values.stream().mapToLong(v -> v).sum()));
                }
            }
            if (found.equals(expected)) {
                return found;
            }
            Thread.sleep(1_000);
        }
        return found;
    }

    /** The values of every metric of the job whose id ends with {@code suffix}. */
    private List<Long> metrics(String job, String kind, String suffix) throws Exception {
        String path = kind.equals("jm") ? "jm-operator-metrics" : "metrics";
        List<Long> values = new ArrayList<>();
        for (JsonNode vertex : cluster.getJson("/jobs/" + job).path("vertices")) {
            String base = "/jobs/" + job + "/vertices/" + vertex.path("id").asText() + "/" + path;
            List<String> ids = new ArrayList<>();
            for (JsonNode metric : cluster.getJson(base)) {
                String id = metric.path("id").asText();
                if (id.endsWith(suffix)) {
                    ids.add(id);
                }
            }
            if (ids.isEmpty()) {
                continue;
            }
            String get = URLEncoder.encode(String.join(",", ids), StandardCharsets.UTF_8);
            for (JsonNode metric : cluster.getJson(base + "?get=" + get)) {
                values.add((long) Double.parseDouble(metric.path("value").asText()));
            }
        }
        return values;
    }
}
