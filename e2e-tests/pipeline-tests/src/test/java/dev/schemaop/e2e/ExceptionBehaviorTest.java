package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code pipeline.schema.change.behavior: exception} (SPEC §3, G7, §9): the first change other than
 * create.table fails the job with exit 1 and the registry's side-by-side message; every row before
 * the change reaches the sink, the change itself does not.
 */
class ExceptionBehaviorTest {
    private static final int JOB_FAILED = 1;

    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: db.t
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: v, type: VARCHAR(10)}
                primaryKeys: [id]
              - type: insert
                table: db.t
                rows:
                  - [1, a]
                  - [2, b]
                  - [3, c]
              - type: add.column
                table: db.t
                columns:
                  - {name: w, type: INT}
              - type: insert
                table: db.t
                rows:
                  - [4, d, 4]
            """;

    private static final String REJECTION =
            """
            Pipeline failed: Schema change add.column of table db.t is rejected: \
            pipeline.schema.change.behavior is exception, which applies no schema change but \
            create.table.
            Change: AddColumnEvent{tableId=db.t, addedColumns=[ColumnWithPosition{column=`w` INT, \
            position=LAST, existedColumnName=null}]}
            column | current      | after change
            -------+--------------+-------------
            id     | INT NOT NULL | INT NOT NULL
            v      | VARCHAR(10)  | VARCHAR(10)
            w      | -            | INT
            To let it through, set pipeline.schema.change.behavior: evolve (or lenient), or \
            exclude add.column in the sink block with exclude.schema.changes: [add.column].""";

    private static final String CREATE =
            "CreateTableEvent{tableId=db.t, schema=columns={`id` INT NOT NULL,`v` VARCHAR(10)},"
                    + " primaryKeys=id, options=()}";

    private static final List<String> ROWS_BEFORE_THE_CHANGE =
            List.of("id=1, v=a", "id=2, v=b", "id=3, v=c");

    @TempDir Path dir;

    private PipelineRun run(int parallelism, int splits, String... args) throws IOException {
        Path script = dir.resolve("script.yaml");
        Files.writeString(script, SCRIPT);
        return PipelineRun.run(
                dir,
                "source:\n"
                        + "  type: values\n"
                        + "  script: "
                        + script
                        + "\n"
                        + "  splits: "
                        + splits
                        + "\n"
                        + "sink:\n"
                        + "  type: values\n"
                        + "  output.path: "
                        + dir.resolve("result.json")
                        + "\n"
                        + "pipeline:\n"
                        + "  parallelism: "
                        + parallelism
                        + "\n"
                        + "  schema.change.behavior: exception\n",
                args);
    }

    private static void assertRejected(PipelineRun run) {
        assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isEqualTo(JOB_FAILED);
        assertThat(run.stderr).startsWith("Pipeline failed: ");
        assertThat(run.stderr.strip()).isEqualTo(REJECTION);
        CliRun.assertNoStackTrace(run.stderr);
        assertThat(run.schemaChanges()).containsExactly(CREATE);
        assertThat(run.columns("db.t")).containsExactly("id INT NOT NULL", "v VARCHAR(10)");
    }

    @Test
    void parallelismOneKeepsEveryRowBeforeTheChange() throws IOException {
        PipelineRun run = run(1, 1);

        assertRejected(run);
        assertThat(run.rows("db.t")).containsExactlyElementsOf(ROWS_BEFORE_THE_CHANGE);
    }

    @Test
    void parallelismThreeFailsTheSameWay() throws IOException {
        PipelineRun run = run(3, 3);

        assertRejected(run);
        // Rows of other subtasks may not have arrived when the job failed; none is after it.
        assertThat(ROWS_BEFORE_THE_CHANGE).containsAll(run.rows("db.t"));
        assertThat(run.rows("db.t")).noneMatch(row -> row.startsWith("id=4,"));
    }

    /**
     * With checkpointing on, Flink's default restart strategy restarts a failed job without limit:
     * a rejection must end the job all the same (a restart would only reject it again), with the
     * same one error. Restarting forever would hang the run: the bound turns that into a failure.
     */
    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void withCheckpointingTheJobEndsInsteadOfRestartingForever() throws IOException {
        PipelineRun run = run(2, 2, "-D", "execution.checkpointing.interval=200ms");

        assertRejected(run);
        assertThat(run.rows("db.t")).noneMatch(row -> row.startsWith("id=4,"));
    }
}
