package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Issue 14: while a change of one table is pending (a slow applier, 200 ms a call), the rows of the
 * other tables go on and the changed table's rows wait; several tables' changes overlap with rows
 * of the others around them. Whatever waited, and however long, every table ends with exactly the
 * script's rows in the script's final shape, and every change is applied once, each table's in
 * script order (different tables' changes may interleave either way): at parallelism 1 to 4, with
 * the bound of parked rows reached, and with a failure while rows wait.
 */
class ParkedTablesTest {
    private static final List<String> CHANGES =
            List.of(
                    "CreateTableEvent{tableId=shop.a, schema=columns={`id` INT NOT NULL,`name` VARCHAR(10),`qty` INT}, primaryKeys=id, options=()}",
                    "CreateTableEvent{tableId=shop.b, schema=columns={`id` INT NOT NULL,`name` VARCHAR(10),`qty` INT}, primaryKeys=id, options=()}",
                    "CreateTableEvent{tableId=shop.c, schema=columns={`id` INT NOT NULL,`name` VARCHAR(10),`qty` INT}, primaryKeys=id, options=()}",
                    "AddColumnEvent{tableId=shop.a, addedColumns=[ColumnWithPosition{column=`note` VARCHAR(20), position=LAST, existedColumnName=null}]}",
                    "RenameColumnEvent{tableId=shop.b, nameMapping={name=title}}",
                    "AlterColumnTypeEvent{tableId=shop.c, typeMapping={qty=BIGINT}, oldTypeMapping={qty=INT}}",
                    "AddColumnEvent{tableId=shop.a, addedColumns=[ColumnWithPosition{column=`extra` INT, position=LAST, existedColumnName=null}]}");

    @TempDir Path dir;

    @ParameterizedTest(name = "parallelism {0}, splits {1}, parked rows at most {2}")
    @CsvSource({"1,1,64mb", "2,2,64mb", "4,4,64mb", "2,3,1kb", "4,4,1b"})
    void everyTableEndsWithItsRowsWhateverWaited(int parallelism, int splits, String maxParked)
            throws Exception {
        PipelineRun run = PipelineRun.run(dir, pipeline(parallelism, splits, maxParked));

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertFinalTables(run);
    }

    @ParameterizedTest(name = "parallelism {0}, splits {1}")
    @CsvSource({"1,1", "2,2", "4,4"})
    void aFailureWhileRowsWaitLosesNoneAndAppliesNothingTwice(int parallelism, int splits)
            throws Exception {
        PipelineRun run =
                PipelineRun.withRestarts(
                        dir,
                        pipeline(parallelism, splits, "64mb", "fail.once.on: rename.column"),
                        "50ms");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertFinalTables(run);
        assertThat(InjectedFailures.all())
                .as("the injected failure happened")
                .anyMatch(f -> f.contains(dir.toString()) && f.endsWith("rename.column"));
    }

    private static void assertFinalTables(PipelineRun run) {
        assertThat(run.schemaChangesByTable())
                .as("each table's changes once, in its order")
                .containsExactly(
                        Map.entry(
                                "shop.a", List.of(CHANGES.get(0), CHANGES.get(3), CHANGES.get(6))),
                        Map.entry("shop.b", List.of(CHANGES.get(1), CHANGES.get(4))),
                        Map.entry("shop.c", List.of(CHANGES.get(2), CHANGES.get(5))));
        assertThat(run.columns("shop.a"))
                .containsExactly(
                        "id INT NOT NULL",
                        "name VARCHAR(10)",
                        "qty INT",
                        "note VARCHAR(20)",
                        "extra INT");
        assertThat(run.rows("shop.a"))
                .containsExactly(
                        "id=1, name=a1, qty=11, note=n1, extra=null",
                        "id=3, name=a3, qty=3, note=null, extra=null",
                        "id=4, name=a4, qty=4, note=n4, extra=null",
                        "id=5, name=a5, qty=5, note=n5, extra=null",
                        "id=6, name=a6, qty=6, note=n6, extra=null",
                        "id=7, name=a7, qty=7, note=n7, extra=77");
        assertThat(run.columns("shop.b"))
                .containsExactly("id INT NOT NULL", "title VARCHAR(10)", "qty INT");
        assertThat(run.rows("shop.b"))
                .containsExactly(
                        "id=1, title=b1, qty=10",
                        "id=2, title=t2, qty=20",
                        "id=3, title=b3, qty=3",
                        "id=4, title=b4, qty=4",
                        "id=5, title=b5, qty=5",
                        "id=6, title=b6, qty=6",
                        "id=7, title=b7, qty=7");
        assertThat(run.columns("shop.c"))
                .containsExactly("id INT NOT NULL", "name VARCHAR(10)", "qty BIGINT");
        assertThat(run.rows("shop.c"))
                .containsExactly(
                        "id=1, name=c1, qty=5000000000",
                        "id=3, name=c3, qty=3",
                        "id=4, name=c4, qty=4",
                        "id=5, name=c5, qty=5",
                        "id=6, name=c6, qty=6000000000");
    }

    private String pipeline(int parallelism, int splits, String maxParked, String... sinkOptions)
            throws IOException {
        List<String> options = new ArrayList<>(List.of("apply.delay.ms: 200"));
        options.addAll(List.of(sinkOptions));
        return Pipelines.valuesScript(
                dir,
                "parked-tables.yaml",
                parallelism,
                splits,
                options,
                List.of("schema-operator.parked-rows.max-size: " + maxParked));
    }
}
