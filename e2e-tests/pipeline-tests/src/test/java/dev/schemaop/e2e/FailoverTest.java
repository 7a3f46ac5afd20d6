package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A failure in the middle of a schema change, then a restart from the last checkpoint (which is
 * before the change): the change reaches the sink exactly once (SPEC G6) and every row is in the
 * final sink state exactly once.
 */
class FailoverTest {
    private static final List<String> CHANGES =
            List.of(
                    "CreateTableEvent{tableId=db.orders, schema=columns={`id` INT NOT NULL,`item` VARCHAR(10)}, primaryKeys=id, options=()}",
                    "AddColumnEvent{tableId=db.orders, addedColumns=[ColumnWithPosition{column=`qty` INT, position=LAST, existedColumnName=null}]}",
                    "AlterColumnTypeEvent{tableId=db.orders, typeMapping={qty=BIGINT}, oldTypeMapping={qty=INT}}");

    private static final List<String> ROWS =
            List.of(
                    "id=1, item=a, qty=10",
                    "id=2, item=b, qty=null",
                    "id=3, item=c, qty=null",
                    "id=4, item=d, qty=null",
                    "id=5, item=e, qty=null",
                    "id=6, item=f, qty=null",
                    "id=7, item=g, qty=70",
                    "id=8, item=h, qty=80",
                    "id=9, item=i, qty=90",
                    "id=10, item=j, qty=100",
                    "id=11, item=k, qty=110");

    @TempDir Path dir;

    @ParameterizedTest(name = "{0} at parallelism {1}, splits {2}")
    @CsvSource({
        // the applier fails once after the flush, before applying: the change is retried once
        "fail.once.on,1,1",
        "fail.once.on,2,2",
        "fail.once.on,1,3",
        // a sink writer fails once right after the applier applied the change: the restore
        // asks for the change again, and the registry's log answers it without applying it
        "writer.fail.once.on,1,1",
        "writer.fail.once.on,2,2",
        "writer.fail.once.on,2,3"
    })
    void aChangeInterruptedByAFailureReachesTheSinkOnce(
            String failureOption, int parallelism, int splits) throws Exception {
        String pipeline = pipeline(parallelism, splits, failureOption + ": add.column");
        PipelineRun run = PipelineRun.withRestarts(dir, pipeline, "100ms");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.schemaChanges()).isEqualTo(CHANGES);
        assertThat(run.columns("db.orders"))
                .containsExactly("id INT NOT NULL", "item VARCHAR(10)", "qty BIGINT");
        assertThat(run.rows("db.orders")).isEqualTo(ROWS);
        assertThat(InjectedFailures.all())
                .as("the injected failure happened")
                .anyMatch(f -> f.contains(dir.toString()) && f.endsWith("add.column"));
    }

    /**
     * The applier is slow (1 s) and then fails once: checkpoints complete while the change is
     * pending, with the subtask that met it waiting in its mailbox, and the restart restores one of
     * them. The subtask asks again for the restored pending change; the change reaches the sink
     * once and every row is there once (DESIGN-NOTES §3: a checkpoint taken during a pending change
     * has a defined, tested state).
     */
    @ParameterizedTest(name = "parallelism {0}, splits {1}")
    @CsvSource({"1,1", "2,2"})
    void aCheckpointTakenWhileAChangeIsPendingIsRestoredWithTheChangeAskedForAgain(
            int parallelism, int splits) throws Exception {
        String pipeline =
                pipeline(parallelism, splits, "fail.once.on: add.column", "apply.delay.ms: 1000");
        long logBefore = Files.exists(TEST_LOG) ? Files.size(TEST_LOG) : 0;
        PipelineRun run = PipelineRun.withRestarts(dir, pipeline, "50ms");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(logSince(logBefore))
                .as("the restore held the pending change")
                .contains("asks again for restored pending change AddColumnEvent");
        assertThat(run.schemaChanges()).isEqualTo(CHANGES);
        assertThat(run.columns("db.orders"))
                .containsExactly("id INT NOT NULL", "item VARCHAR(10)", "qty BIGINT");
        assertThat(run.rows("db.orders")).isEqualTo(ROWS);
    }

    /** Where this module's tests log (log4j2-test.properties): the runtime's INFO lines. */
    private static final Path TEST_LOG = Path.of("target", "test.log");

    private static String logSince(long offset) throws IOException {
        byte[] all = Files.readAllBytes(TEST_LOG);
        return new String(
                all,
                (int) Math.min(offset, all.length),
                (int) Math.max(0, all.length - offset),
                StandardCharsets.UTF_8);
    }

    /** The failover script through the values connector, with these sink options. */
    private String pipeline(int parallelism, int splits, String... sinkOptions) throws IOException {
        return Pipelines.valuesScript(
                dir, "failover.yaml", parallelism, splits, List.of(sinkOptions), List.of());
    }
}
