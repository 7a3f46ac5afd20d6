package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.history.Decision;
import dev.schemaop.history.HistoryReader;
import dev.schemaop.testing.CliOutput;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The schema decision history (issue 15): every decision of a run, one by one, once, through
 * failovers (an applier failure in the middle of an expansion, a writer failure after a type change
 * reached the sink), under LENIENT with expansion and a filter, EVOLVE and IGNORE after a checked
 * table, TRY_EVOLVE with merged tables and an unsupported change, and EXCEPTION; the discarded
 * values at checkpoints, once across a failover; and {@code flink-cdc.sh history} on a small run.
 */
class DecisionHistoryTest {
    @TempDir Path dir;

    private static final String ORDERS_CREATE =
            "CreateTableEvent{tableId=db.orders, schema=columns={`id` INT NOT NULL,`item`"
                    + " VARCHAR(10)}, primaryKeys=id, options=()}";
    private static final String ADD_QTY =
            "AddColumnEvent{tableId=db.orders, addedColumns=[ColumnWithPosition{column=`qty` INT,"
                    + " position=LAST, existedColumnName=null}]}";

    @Test
    void lenientWithFailoversRecordsEachDecisionOnce() throws IOException {
        Pipelines.script(dir, "decisions.yaml");
        Files.writeString(
                dir.resolve("existing.yaml"),
                "- table: db.orders\n"
                        + "  columns:\n"
                        + "    - {name: id, type: INT NOT NULL}\n"
                        + "    - {name: item, type: VARCHAR(10)}\n"
                        + "  primaryKeys: [id]\n");
        PipelineRun run =
                PipelineRun.withRestarts(
                        dir,
                        pipeline(
                                "decisions.yaml",
                                "lenient",
                                2,
                                "  existing.tables: existing.yaml\n"
                                        + "  existing-table.schema-expansion.mode: \"EXPAND\"\n"
                                        + "  fail.once.on: add.column\n"
                                        + "  writer.fail.once.on: alter.column.type\n",
                                ""),
                        "50ms");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(InjectedFailures.all())
                .as("both injected failures happened")
                .anyMatch(f -> f.contains(dir.toString()) && f.endsWith("add.column"))
                .anyMatch(f -> f.contains(dir.toString()) && f.endsWith("alter.column.type"));
        Map<String, List<String>> byTable = byTable(history());
        assertThat(byTable.get("db.orders"))
                .containsExactly(
                        // the expansion's add failed in the applier; the restore finished it
                        "- failed (The sink failed to apply "
                                + ADD_QTY
                                + " to table db.orders (pipeline.schema.change.behavior: lenient):"
                                + " injected failure before applying "
                                + ADD_QTY
                                + ". Fix the table or the sink and restart from the last"
                                + " checkpoint, or keep such changes from the sink:"
                                + " exclude.schema.changes: [add.column] in the sink block, or"
                                + " schema.change.behavior: lenient (never narrows or drops) or"
                                + " ignore.) CreateTableEvent{tableId=db.orders,"
                                + " schema=columns={`id` INT NOT NULL,`item` VARCHAR(10),`qty`"
                                + " INT}, primaryKeys=id, options=()} |",
                        "1 expanded (finished after a restore) | db.orders v0->v1 ["
                                + ORDERS_CREATE
                                + ", "
                                + ADD_QTY
                                + "]",
                        "3 applied AddColumnEvent{tableId=db.orders,"
                                + " addedColumns=[ColumnWithPosition{column=`price` DOUBLE,"
                                + " position=LAST, existedColumnName=null}]} | db.orders v1->v2"
                                + " [AddColumnEvent{tableId=db.orders,"
                                + " addedColumns=[ColumnWithPosition{column=`price` DOUBLE,"
                                + " position=LAST, existedColumnName=null}]}]",
                        // the writer failed after it reached the sink: not decided again
                        "4 applied AlterColumnTypeEvent{tableId=db.orders,"
                                + " typeMapping={qty=BIGINT}, oldTypeMapping={qty=INT}} |"
                                + " db.orders v2->v3 [AlterColumnTypeEvent{tableId=db.orders,"
                                + " typeMapping={qty=BIGINT}, oldTypeMapping={qty=INT}}]",
                        "5 converted RenameColumnEvent{tableId=db.orders,"
                                + " nameMapping={item=title}} | db.orders v3->v4"
                                + " [AddColumnEvent{tableId=db.orders,"
                                + " addedColumns=[ColumnWithPosition{column=`title` VARCHAR(10),"
                                + " position=LAST, existedColumnName=null}]}]");
        assertThat(byTable.get("db.notes"))
                .containsExactly(
                        "2 applied CreateTableEvent{tableId=db.notes, schema=columns={`id` INT"
                                + " NOT NULL,`text` VARCHAR(20)}, primaryKeys=id, options=()} |"
                                + " db.notes v0->v1 [CreateTableEvent{tableId=db.notes,"
                                + " schema=columns={`id` INT NOT NULL,`text` VARCHAR(20)},"
                                + " primaryKeys=id, options=()}]",
                        "6 skipped (redundant) DropColumnEvent{tableId=db.notes,"
                                + " droppedColumnNames=[text]} | db.notes v1->v1 [] skipped"
                                + " [redundant: DropColumnEvent{tableId=db.notes,"
                                + " droppedColumnNames=[text]}]",
                        "7 skipped (filter) TruncateTableEvent{tableId=db.notes} | db.notes"
                                + " v1->v1 [] skipped [filter: TruncateTableEvent{tableId=db.notes}]");
        assertThat(byTable.keySet()).containsExactlyInAnyOrder("db.orders", "db.notes");
    }

    @Test
    void discardedValuesAreCountedOnceAcrossAFailover() throws IOException {
        Pipelines.script(dir, "discards.yaml");
        PipelineRun run =
                PipelineRun.withRestarts(
                        dir,
                        pipeline(
                                "discards.yaml",
                                "lenient",
                                2,
                                "  exclude.schema.changes: [add.column]\n"
                                        + "  writer.fail.once.on: alter.column.type\n",
                                ""),
                        "50ms");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(InjectedFailures.all())
                .anyMatch(f -> f.contains(dir.toString()) && f.endsWith("alter.column.type"));
        List<Decision> discarded =
                history().stream().filter(d -> d.outcome().equals("discarded")).toList();
        assertThat(discarded).allMatch(d -> d.table().equals("db.t") && d.checkpoint() != null);
        assertThat(discarded.stream().mapToLong(d -> d.discarded().get("extra")).sum())
                .as("the five values of extra, each once: %s", discarded)
                .isEqualTo(5);
        assertThat(discarded).allMatch(d -> d.discarded().keySet().equals(Set.of("extra")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"evolve,applied,", "ignore,skipped,ignore"})
    void aCheckedTableThenEveryChangeAppliedOrIgnored(
            String behavior, String outcome, String reason) throws IOException {
        Pipelines.script(dir, "evolve-or-ignore.yaml");
        Files.writeString(
                dir.resolve("existing.yaml"),
                "- table: db.t\n"
                        + "  columns:\n"
                        + "    - {name: id, type: INT NOT NULL}\n"
                        + "    - {name: v, type: BIGINT}\n"
                        + "  primaryKeys: [id]\n");
        PipelineRun run =
                PipelineRun.run(
                        dir,
                        pipeline(
                                "evolve-or-ignore.yaml",
                                behavior,
                                1,
                                "  existing.tables: existing.yaml\n"
                                        + "  existing-table.schema-expansion.mode: \"CHECK\"\n",
                                ""));

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        String add =
                "AddColumnEvent{tableId=db.t, addedColumns=[ColumnWithPosition{column=`w` INT,"
                        + " position=LAST, existedColumnName=null}]}";
        String drop = "DropColumnEvent{tableId=db.t, droppedColumnNames=[v]}";
        String truncate = "TruncateTableEvent{tableId=db.t}";
        boolean applied = outcome.equals("applied");
        String head = outcome + (reason == null ? "" : " (" + reason + ")") + " ";
        assertThat(sequenced(history()))
                .containsExactly(
                        "1 checked CreateTableEvent{tableId=db.t, schema=columns={`id` INT NOT"
                                + " NULL,`v` INT}, primaryKeys=id, options=()} | db.t v0->v1"
                                + " [CreateTableEvent{tableId=db.t, schema=columns={`id` INT NOT"
                                + " NULL,`v` BIGINT}, primaryKeys=id, options=()}]",
                        "2 " + head + add + " | " + sink(applied, 1, 2, add, reason),
                        "3 " + head + drop + " | " + sink(applied, 2, 3, drop, reason),
                        "4 " + head + truncate + " | " + sink(applied, 3, 4, truncate, reason));
    }

    /** What db.t got: the event, or nothing and why. */
    private static String sink(boolean applied, int from, int to, String event, String reason) {
        return applied
                ? "db.t v" + from + "->v" + to + " [" + event + "]"
                : "db.t v1->v1 [] skipped [" + reason + ": " + event + "]";
    }

    @Test
    void mergedTablesAndAnUnsupportedChangeUnderTryEvolve() throws IOException {
        Pipelines.script(dir, "merged-decisions.yaml");
        PipelineRun run =
                PipelineRun.run(
                        dir,
                        pipeline(
                                "merged-decisions.yaml",
                                "try_evolve",
                                1,
                                "  supported.schema.changes:"
                                        + " create.table,add.column,alter.column.type,drop.column\n",
                                "route:\n"
                                        + "  - source-table: db.a\n"
                                        + "    sink-table: db.all\n"
                                        + "  - source-table: db.b\n"
                                        + "    sink-table: db.all\n"));

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(sequenced(history()))
                .containsExactly(
                        "1 applied CreateTableEvent{tableId=db.a, schema=columns={`id` INT NOT"
                                + " NULL,`v` INT}, primaryKeys=id, options=()} | db.all v0->v1"
                                + " [CreateTableEvent{tableId=db.all, schema=columns={`id` INT NOT"
                                + " NULL,`v` INT}, primaryKeys=id, options=()}]",
                        "2 widened CreateTableEvent{tableId=db.b, schema=columns={`id` INT NOT"
                                + " NULL,`v` BIGINT}, primaryKeys=id, options=()} | db.all"
                                + " v1->v2 [AlterColumnTypeEvent{tableId=db.all,"
                                + " typeMapping={v=BIGINT}, oldTypeMapping={v=INT}}]",
                        "3 applied CreateTableEvent{tableId=db.c, schema=columns={`id` INT NOT"
                                + " NULL,`v` INT}, primaryKeys=id, options=()} | db.c v0->v1"
                                + " [CreateTableEvent{tableId=db.c, schema=columns={`id` INT NOT"
                                + " NULL,`v` INT}, primaryKeys=id, options=()}]",
                        "4 converted RenameColumnEvent{tableId=db.a, nameMapping={v=w}} | db.all"
                                + " v2->v3 [AddColumnEvent{tableId=db.all,"
                                + " addedColumns=[ColumnWithPosition{column=`w` INT,"
                                + " position=LAST, existedColumnName=null}]}]",
                        "5 skipped (shared table) DropColumnEvent{tableId=db.b,"
                                + " droppedColumnNames=[v]} | db.all v3->v3 [] skipped [shared"
                                + " table: DropColumnEvent{tableId=db.all,"
                                + " droppedColumnNames=[v]}]",
                        "6 applied AddColumnEvent{tableId=db.b,"
                                + " addedColumns=[ColumnWithPosition{column=`note` VARCHAR(5),"
                                + " position=LAST, existedColumnName=null}]} | db.all v3->v4"
                                + " [AddColumnEvent{tableId=db.all,"
                                + " addedColumns=[ColumnWithPosition{column=`note` VARCHAR(5),"
                                + " position=LAST, existedColumnName=null}]}]",
                        "7 skipped (unsupported) RenameColumnEvent{tableId=db.c,"
                                + " nameMapping={v=w}} | db.c v1->v1 [] skipped [unsupported:"
                                + " RenameColumnEvent{tableId=db.c, nameMapping={v=w}}]");
    }

    /**
     * A change the source left out (the MariaDB source's unparseable DDL under {@code skip}) is in
     * the history once, though both splits emit it, between the decisions around it.
     */
    @Test
    void aChangeTheSourceLeftOutIsRecordedOnce() throws IOException {
        Files.writeString(
                dir.resolve("script.yaml"),
                "events:\n"
                        + "  - type: create.table\n"
                        + "    table: db.t\n"
                        + "    columns:\n"
                        + "      - {name: id, type: INT NOT NULL}\n"
                        + "    primaryKeys: [id]\n"
                        + "  - type: skipped.change\n"
                        + "    table: db.t\n"
                        + "    statement: ALTER TABLE t ADD PERIOD FOR p(a, b)\n"
                        + "    reason: unparseable\n"
                        + "    position: binlog.000003:4567\n"
                        + "  - type: insert\n"
                        + "    table: db.t\n"
                        + "    rows: [[1], [2]]\n");

        PipelineRun run = PipelineRun.run(dir, pipeline("script.yaml", "evolve", 2, "", ""));

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(
                        history().stream()
                                .filter(d -> d.outcome().equals("skipped"))
                                .map(DecisionHistoryTest::text))
                .containsExactly(
                        "- skipped (unparseable at binlog.000003:4567) ALTER TABLE t ADD PERIOD"
                                + " FOR p(a, b) |");
    }

    @Test
    void aRejectionIsRecordedAndTheHistoryCommandPrintsIt() throws IOException {
        Files.writeString(
                dir.resolve("script.yaml"),
                "events:\n"
                        + "  - type: create.table\n"
                        + "    table: db.t\n"
                        + "    columns:\n"
                        + "      - {name: id, type: INT NOT NULL}\n"
                        + "    primaryKeys: [id]\n"
                        + "  - type: add.column\n"
                        + "    table: db.t\n"
                        + "    columns: [{name: v, type: INT}]\n");
        PipelineRun run = PipelineRun.run(dir, pipeline("script.yaml", "exception", 1, "", ""));
        assertThat(run.exitCode).isEqualTo(1);

        CliOutput printed = history(dir.resolve("history").toString());
        assertThat(printed.exitCode()).isZero();
        List<String> lines =
                printed.stdout().lines().map(l -> l.substring(l.indexOf("  ") + 2)).toList();
        assertThat(lines)
                .containsExactly(
                        "db.t  applied  create (id INT NOT NULL) key (id)  => db.t v0->v1: create"
                                + " (id INT NOT NULL) key (id)",
                        "db.t  rejected (Schema change add.column of table db.t is rejected:"
                                + " pipeline.schema.change.behavior is exception, which applies"
                                + " no schema change but create.table.)  add v INT");

        CliOutput json = history(dir.resolve("history").toString(), "--json", "--since", "1 h");
        assertThat(json.stdout().lines().toList())
                .hasSize(2)
                .allMatch(l -> l.startsWith("{\"time\":"));
        assertThat(history(dir.resolve("history").toString(), "--table", "db.other").stdout())
                .isEmpty();
        CliOutput missing = history(dir.resolve("nothing").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.stderr()).startsWith("History directory ").doesNotContain("\tat ");
    }

    @Test
    void anObjectStoreIsRefusedAsTheHistoryDirectory() throws IOException {
        Files.writeString(
                dir.resolve("script.yaml"),
                "events:\n  - type: create.table\n    table: db.t\n    columns:\n"
                        + "      - {name: id, type: INT NOT NULL}\n");
        PipelineRun run =
                PipelineRun.run(
                        dir,
                        pipeline("script.yaml", "evolve", 1, "", "")
                                .replace(
                                        "schema-history.dir: history",
                                        "schema-history.dir: s3://b/h"));

        assertThat(run.exitCode).isEqualTo(2);
        assertThat(run.stderr.strip())
                .isEqualTo(
                        "pipeline: schema-history.dir: s3://b/h is not a local directory. The"
                                + " decision history is appended to line by line, which object"
                                + " stores cannot do: name a local or mounted directory.");
    }

    private String pipeline(
            String script, String behavior, int parallelism, String sinkOptions, String extra) {
        return "source:\n"
                + "  type: values\n"
                + "  script: "
                + script
                + "\n"
                + "  splits: "
                + parallelism
                + "\n"
                + "sink:\n"
                + "  type: values\n"
                + "  output.path: "
                + dir.resolve("result.json")
                + "\n"
                + sinkOptions
                + extra
                + "pipeline:\n"
                + "  parallelism: "
                + parallelism
                + "\n"
                + "  schema.change.behavior: "
                + behavior
                + "\n"
                + "  schema-history.dir: history\n";
    }

    private List<Decision> history() throws IOException {
        List<Decision> decisions = HistoryReader.read(dir.resolve("history"));
        List<Long> sequences =
                decisions.stream().map(Decision::sequence).filter(Objects::nonNull).toList();
        assertThat(sequences).as("no completed decision twice").doesNotHaveDuplicates();
        return decisions;
    }

    /** Each decision without its time and job, in the order of the registry's sequence. */
    private static List<String> sequenced(List<Decision> decisions) {
        return decisions.stream().map(DecisionHistoryTest::text).toList();
    }

    /** Each upstream table's decisions in the order they were made. */
    private static Map<String, List<String>> byTable(List<Decision> decisions) {
        Map<String, List<String>> byTable = new LinkedHashMap<>();
        for (Decision decision : decisions) {
            byTable.computeIfAbsent(decision.table(), t -> new ArrayList<>()).add(text(decision));
        }
        return byTable;
    }

    private static String text(Decision d) {
        String sinks =
                d.sinks().stream()
                        .map(
                                s ->
                                        s.table()
                                                + " v"
                                                + s.versionBefore()
                                                + "->v"
                                                + s.versionAfter()
                                                + " "
                                                + s.received()
                                                + (s.skipped().isEmpty()
                                                        ? ""
                                                        : " skipped " + s.skipped()))
                        .collect(Collectors.joining("; "));
        return (d.sequence() == null ? "-" : d.sequence())
                + " "
                + d.outcome()
                + (d.reason() == null ? "" : " (" + d.reason() + ")")
                + " "
                + (d.event() == null ? "(finished after a restore)" : d.event())
                + " |"
                + (sinks.isEmpty() ? "" : " " + sinks);
    }

    /** {@code flink-cdc.sh history ARGS}. */
    private static CliOutput history(String... args) {
        List<String> all = new ArrayList<>(List.of("history"));
        all.addAll(List.of(args));
        return CliOutput.of(all.toArray(new String[0]));
    }
}
