package dev.schemaop.e2e.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.launch.FlinkCdcHome;
import dev.schemaop.testing.CliOutput;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Two connectors whose dependencies clash, named in different pipelines of one JVM (issue 26): the
 * clash-a sink bundles commons-collections4 4.4, clash-b 4.5.0, both in {@code connectors/} of a
 * distribution. Each pipeline's writers get their own connector's version, so neither meets the
 * other's.
 */
class ClashingConnectorsTest {
    private static final String VERSION = System.getProperty("project.version");
    private static final Path ROOT =
            Path.of(System.getProperty("repository.root")).toAbsolutePath().normalize();

    @TempDir Path dir;
    private String homeBefore;

    @BeforeEach
    void distributionWithBothConnectors() throws Exception {
        Path connectors = Files.createDirectories(dir.resolve("home/connectors"));
        Files.copy(
                ROOT.resolve(
                        "pipeline-connectors/values/target/flink-cdc-pipeline-connector-values-"
                                + VERSION
                                + ".jar"),
                connectors.resolve("flink-cdc-pipeline-connector-values.jar"));
        for (String variant : new String[] {"a", "b"}) {
            Files.copy(
                    ROOT.resolve(
                            "e2e-tests/clash-connector/target/clash-connector-"
                                    + VERSION
                                    + "-"
                                    + variant
                                    + ".jar"),
                    connectors.resolve("clash-" + variant + ".jar"));
        }
        Files.writeString(
                dir.resolve("script.yaml"),
                "events:\n"
                        + "  - {type: create.table, table: db.t, columns: [{name: id, type: INT"
                        + " NOT NULL}], primaryKeys: [id]}\n"
                        + "  - {type: insert, table: db.t, rows: [[1], [2]]}\n");
        homeBefore = System.setProperty(FlinkCdcHome.HOME_PROPERTY, dir.resolve("home").toString());
    }

    @AfterEach
    void restoreHome() {
        if (homeBefore == null) {
            System.clearProperty(FlinkCdcHome.HOME_PROPERTY);
        } else {
            System.setProperty(FlinkCdcHome.HOME_PROPERTY, homeBefore);
        }
    }

    private String runInto(String type) throws Exception {
        Path pipeline = dir.resolve(type + ".yaml");
        Files.writeString(
                pipeline,
                "source:\n  type: values\n  script: script.yaml\n"
                        + "sink:\n  type: "
                        + type
                        + "\n  output.dir: "
                        + dir.resolve("out")
                        + "\npipeline:\n  name: into "
                        + type
                        + "\n  parallelism: 1\n");
        CliOutput run = CliOutput.of(pipeline.toString(), "--no-web-ui");
        assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isZero();
        return Files.readString(dir.resolve("out").resolve(type + "-0.txt"));
    }

    @Test
    void eachPipelineGetsItsOwnConnectorsDependencyVersion() throws Exception {
        assertThat(runInto("clash-b")).isEqualTo("bloomfilter=true\nemptyIfNull=[]\n");
        assertThat(runInto("clash-a")).isEqualTo("bloomfilter=false\nemptyIfNull=[]\n");
        assertThat(runInto("clash-b"))
                .as("again after clash-a ran in this JVM")
                .isEqualTo("bloomfilter=true\nemptyIfNull=[]\n");
    }
}
