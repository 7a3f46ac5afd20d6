package dev.schemaop.e2e;

import static dev.schemaop.e2e.AllChangesExpected.Expected.lines;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.AllChangesExpected.Expected;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every behavior x every change type through the YAML front door, at parallelism 1 to 4, with one
 * split or several source splits that each report every DDL (SPEC §2 G5; at parallelism 1 with 3
 * splits one subtask replays the DDL history three times): the sink must end in exactly the same
 * state every time.
 */
class BehaviorMatrixTest {
    private static final String PARALLEL_RUNS = "1,1\n1,3\n2,3\n3,3\n4,4";

    @TempDir Path dir;

    @ParameterizedTest(name = "evolve at parallelism {0}, splits {1}")
    @CsvSource(textBlock = PARALLEL_RUNS)
    void evolveAppliesEveryChange(int parallelism, int splits) throws Exception {
        assertSinkState(run("evolve", parallelism, splits, ""), AllChangesExpected.EVOLVE);
    }

    @ParameterizedTest(name = "try_evolve at parallelism {0}, splits {1}")
    @CsvSource(textBlock = PARALLEL_RUNS)
    void tryEvolveOnAFullySupportingSinkIsEvolve(int parallelism, int splits) throws Exception {
        assertSinkState(run("try_evolve", parallelism, splits, ""), AllChangesExpected.EVOLVE);
    }

    @ParameterizedTest(name = "try_evolve, limited sink, at parallelism {0}, splits {1}")
    @CsvSource(textBlock = PARALLEL_RUNS)
    void tryEvolveSkipsWhatTheSinkDoesNotSupport(int parallelism, int splits) throws Exception {
        PipelineRun run =
                run(
                        "try_evolve",
                        parallelism,
                        splits,
                        "  supported.schema.changes: create.table,add.column,truncate.table\n");
        assertSinkState(run, AllChangesExpected.TRY_EVOLVE_LIMITED);
    }

    @ParameterizedTest(name = "lenient at parallelism {0}, splits {1}")
    @CsvSource(textBlock = PARALLEL_RUNS)
    void lenientKeepsEveryColumnAndRow(int parallelism, int splits) throws Exception {
        assertSinkState(run("lenient", parallelism, splits, ""), AllChangesExpected.LENIENT);
    }

    @ParameterizedTest(name = "ignore at parallelism {0}, splits {1}")
    @CsvSource(textBlock = PARALLEL_RUNS)
    void ignoreAppliesOnlyCreates(int parallelism, int splits) throws Exception {
        assertSinkState(run("ignore", parallelism, splits, ""), AllChangesExpected.IGNORE);
    }

    private PipelineRun run(String behavior, int parallelism, int splits, String sinkOptions)
            throws Exception {
        PipelineRun run =
                PipelineRun.run(
                        dir, Pipelines.allChanges(dir, behavior, parallelism, splits, sinkOptions));
        assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isZero();
        return run;
    }

    private static void assertSinkState(PipelineRun run, Expected expected) {
        assertThat(run.columns("db.people")).isEqualTo(lines(expected.peopleColumns()));
        assertThat(run.primaryKeys("db.people")).containsExactly("id");
        assertThat(run.rows("db.people")).isEqualTo(lines(expected.peopleRows()));
        assertThat(run.columns("db.logs")).isEqualTo(lines(expected.logsColumns()));
        assertThat(run.rows("db.logs")).isEqualTo(lines(expected.logsRows()));
        assertThat(run.schemaChangesByTable()).isEqualTo(byTable(lines(expected.schemaChanges())));
    }

    private static final Pattern TABLE_ID = Pattern.compile("tableId=([^,}]+)");

    /** Expected changes ("CreateTableEvent{tableId=db.t, ...") grouped by table, in order. */
    private static Map<String, List<String>> byTable(List<String> changes) {
        Map<String, List<String>> byTable = new TreeMap<>();
        for (String change : changes) {
            Matcher table = TABLE_ID.matcher(change);
            assertThat(table.find()).as("a table id in %s", change).isTrue();
            byTable.computeIfAbsent(table.group(1), t -> new ArrayList<>()).add(change);
        }
        return byTable;
    }
}
