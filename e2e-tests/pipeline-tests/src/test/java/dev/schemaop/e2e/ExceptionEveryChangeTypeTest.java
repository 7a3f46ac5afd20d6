package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The exception column of SPEC §3 for every change type but create.table: the job fails on the
 * change (exit 1, the rejection naming its type and the option that lets it through), the sink
 * never receives it, and the rows before it are in the sink (G7).
 */
class ExceptionEveryChangeTypeTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
                    add.column        | {type: add.column, table: db.t, columns: [{name: w, type: INT}]}
                    alter.column.type | {type: alter.column.type, table: db.t, columns: {v: VARCHAR(20)}}
                    rename.column     | {type: rename.column, table: db.t, columns: {v: v2}}
                    drop.column       | {type: drop.column, table: db.t, columns: [v]}
                    truncate.table    | {type: truncate.table, table: db.t}
                    drop.table        | {type: drop.table, table: db.t}
                    """)
    void theJobFailsOnTheChangeAfterEveryEarlierRowReachedTheSink(String type, String change)
            throws Exception {
        Path script = dir.resolve("script.yaml");
        Files.writeString(
                script,
                "events:\n"
                        + "  - {type: create.table, table: db.t, columns: [{name: id, type: INT NOT NULL},"
                        + " {name: v, type: VARCHAR(10)}], primaryKeys: [id]}\n"
                        + "  - {type: insert, table: db.t, rows: [[1, a], [2, b]]}\n"
                        + "  - "
                        + change
                        + "\n");
        PipelineRun run =
                PipelineRun.run(
                        dir,
                        "source:\n"
                                + "  type: values\n"
                                + "  script: "
                                + script
                                + "\n"
                                + "sink:\n"
                                + "  type: values\n"
                                + "  output.path: "
                                + dir.resolve("result.json")
                                + "\n"
                                + "pipeline:\n"
                                + "  schema.change.behavior: exception\n");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
        assertThat(run.stderr)
                .startsWith(
                        "Pipeline failed: Schema change " + type + " of table db.t is rejected:")
                .contains(
                        "exclude "
                                + type
                                + " in the sink block with exclude.schema.changes: ["
                                + type
                                + "]");
        assertThat(run.schemaChanges())
                .containsExactly(
                        "CreateTableEvent{tableId=db.t, schema=columns={`id` INT NOT NULL,`v` VARCHAR(10)},"
                                + " primaryKeys=id, options=()}");
        assertThat(run.columns("db.t")).containsExactly("id INT NOT NULL", "v VARCHAR(10)");
        assertThat(run.rows("db.t")).isEqualTo(List.of("id=1, v=a", "id=2, v=b"));
    }
}
