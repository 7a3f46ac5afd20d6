package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * SPEC §1: a connector jar written only against flink-cdc-common 3.5.0 runs unchanged when passed
 * with {@code --jar}. The sample connector ({@code e2e-tests/sample-connector}) is built before
 * this module but kept off the test class path; its jar comes in the system property {@code
 * sample.connector.jar}.
 */
class ExternalConnectorJarTest {
    private static final String SAMPLE_SOURCE_FACTORY =
            "dev.schemaop.sample.SampleDataSourceFactory";

    @TempDir Path dir;

    private static Path sampleJar;

    @BeforeAll
    static void sampleConnectorJar() {
        String property = System.getProperty("sample.connector.jar");
        assertThat(property)
                .as("system property sample.connector.jar (set by surefire)")
                .isNotBlank();
        sampleJar = Path.of(property);
        assertThat(sampleJar).as("build e2e-tests/sample-connector first").isRegularFile();
        // The test only proves something if the connector can come from --jar alone.
        assertThatThrownBy(() -> Class.forName(SAMPLE_SOURCE_FACTORY))
                .as("the sample connector must not be on the test class path")
                .isInstanceOf(ClassNotFoundException.class);
    }

    private String pipeline(Path outputDir) {
        return "source:\n"
                + "  type: sample-source\n"
                + "  rows: 10\n"
                + "sink:\n"
                + "  type: sample-sink\n"
                + "  output.dir: "
                + outputDir
                + "\n"
                + "pipeline:\n"
                + "  parallelism: 1\n"
                + "  schema.change.behavior: evolve\n";
    }

    @Test
    void runsTheSampleConnectorFromItsJar() throws IOException {
        Path out = dir.resolve("out");

        PipelineRun run = PipelineRun.run(dir, pipeline(out), "--jar", sampleJar.toString());

        assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isZero();
        assertThat(run.stderr).isBlank();
        assertThat(Files.readString(out.resolve("rows-0.txt")))
                .isEqualTo(
                        """
                        sample.items | id=1, name=one-updated, price=1.50
                        sample.items | id=2, name=item-2, price=null
                        sample.items | id=3, name=item-3, price=null
                        sample.items | id=4, name=item-4, price=null
                        sample.items | id=5, name=item-5, price=null
                        sample.items | id=6, name=item-6, price=6.50
                        sample.items | id=7, name=item-7, price=7.50
                        sample.items | id=8, name=item-8, price=8.50
                        sample.items | id=9, name=item-9, price=9.50
                        sample.items | id=10, name=item-10, price=10.50
                        """);
        assertThat(Files.readString(out.resolve("schema-0.txt")))
                .isEqualTo(
                        "sample.items | columns={`id` INT NOT NULL,`name` VARCHAR(50),`price`"
                                + " DECIMAL(10, 2)}, primaryKeys=id, options=()\n");
        // The sample source emits its AlterColumnTypeEvent without old types, so the event's
        // toString() has no oldTypeMapping.
        assertThat(Files.readString(out.resolve("schema-changes.txt")))
                .isEqualTo(
                        "create.table CreateTableEvent{tableId=sample.items, schema=columns={`id`"
                                + " INT NOT NULL,`name` VARCHAR(20)}, primaryKeys=id, options=()}\n"
                                + "add.column AddColumnEvent{tableId=sample.items,"
                                + " addedColumns=[ColumnWithPosition{column=`price` DECIMAL(10, 2),"
                                + " position=LAST, existedColumnName=null}]}\n"
                                + "alter.column.type AlterColumnTypeEvent{tableId=sample.items,"
                                + " typeMapping={name=VARCHAR(50)}}\n");
        try (var files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("rows-0.txt", "schema-0.txt", "schema-changes.txt");
        }
    }

    @Test
    void withoutTheJarTheConnectorIsNotFound() throws IOException {
        Path out = dir.resolve("out");

        PipelineRun run = PipelineRun.run(dir, pipeline(out));

        assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isEqualTo(2);
        assertThat(run.stderr.strip())
                .isEqualTo(
                        dir.resolve("pipeline.yaml")
                                + ":2: no source connector of type"
                                + " 'sample-source' was found. Available: [values]. Pass the"
                                + " connector's jar with --jar, or fix 'type'.")
                .doesNotContain("\n");
        CliRun.assertNoStackTrace(run.stderr);
        assertThat(out).doesNotExist();
    }

    /**
     * A jar whose sink has the bundled connector's type, {@code values}, as Apache Flink CDC's own
     * values connector jar has: built from the sample jar, with a service file that lists only
     * {@code ValuesTypedSinkFactory}.
     */
    private Path jarWithAValuesSink() throws IOException {
        Path jar = dir.resolve("other-values-connector.jar");
        String services = "META-INF/services/org.apache.flink.cdc.common.factories.Factory";
        try (ZipFile sample = new ZipFile(sampleJar.toFile());
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (ZipEntry entry : Collections.list(sample.entries())) {
                if (!entry.getName().equals(services)) {
                    out.putNextEntry(new ZipEntry(entry.getName()));
                    sample.getInputStream(entry).transferTo(out);
                    out.closeEntry();
                }
            }
            out.putNextEntry(new ZipEntry(services));
            out.write("dev.schemaop.sample.ValuesTypedSinkFactory\n".getBytes());
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void aSinkPassedWithJarWinsOverTheBundledOneOfTheSameType() throws IOException {
        Path out = dir.resolve("out");
        Path script = Pipelines.script(dir, "sharded-orders.yaml");
        String pipeline =
                "source:\n"
                        + "  type: values\n"
                        + "  script: "
                        + script
                        + "\n"
                        + "sink:\n"
                        + "  type: values\n"
                        + "  output.dir: "
                        + out
                        + "\n"
                        + "pipeline:\n"
                        + "  parallelism: 1\n";

        PipelineRun run = PipelineRun.run(dir, pipeline, "--jar", jarWithAValuesSink().toString());

        assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isZero();
        assertThat(Files.readString(out.resolve("schema-changes.txt")))
                .as("the jar's sink applied the changes, not the bundled one")
                .startsWith("create.table CreateTableEvent{");
        assertThat(run.hasOutput()).as("the bundled values sink wrote nothing").isFalse();
    }
}
