package dev.schemaop.faults;

import dev.schemaop.cli.FlinkCdcCli;
import dev.schemaop.connectors.values.source.ReaderFaults;
import dev.schemaop.faults.model.DatabaseTable;
import dev.schemaop.faults.script.ScriptYaml;
import dev.schemaop.faults.sink.CheckingStore;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Runs one seed's plan through the real front door ({@code FlinkCdcCli}, an embedded Flink),
 * resubmits it from its retained checkpoint if the plan stops the whole job, and compares what the
 * checking sink holds with the reference model: the exact DDL (each once, in order), the exact
 * tables (columns and rows), and no violation seen by the sink.
 */
final class RandomRun {
    private final RunPlan plan;
    private final Path dir;
    private final String store;
    private final StringBuilder stderr = new StringBuilder();

    private RandomRun(RunPlan plan, Path dir) {
        this.plan = plan;
        this.dir = dir;
        this.store = dir.toAbsolutePath().toString();
    }

    /** What a run found: the differences (none when it is right), and how many faults struck. */
    record Outcome(List<String> differences, long faultsFired) {}

    static Outcome run(RunPlan plan, Path dir) throws IOException {
        return new RandomRun(plan, dir).run();
    }

    private Outcome run() throws IOException {
        Files.createDirectories(dir);
        Path script = dir.resolve("script.yaml");
        Files.writeString(script, ScriptYaml.write(plan.script()));
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(pipeline, pipeline(script, plan.parallelism()));
        CheckingStore sink = CheckingStore.fresh(store);
        try {
            int exit = submit(pipeline, null);
            if (exit == 1
                    && plan.stops()
                    && stderr.toString().contains("Injected stop of the whole job")) {
                Optional<Path> retained = latestCheckpoint(dir.resolve("checkpoints"));
                if (retained.isEmpty()) {
                    return new Outcome(
                            List.of("the job stopped with no retained checkpoint to restart from"),
                            1);
                }
                if (plan.restoreParallelism() != plan.parallelism()) {
                    pipeline = dir.resolve("pipeline-restored.yaml");
                    Files.writeString(pipeline, pipeline(script, plan.restoreParallelism()));
                }
                exit = submit(pipeline, retained.get());
            }
            List<String> differences = new ArrayList<>();
            if (exit != 0) {
                differences.add("the pipeline exited " + exit + ":\n" + stderr);
            }
            sink.violations().forEach(v -> differences.add("the sink saw: " + v));
            compareDdl(sink.ddl(), differences);
            compareTables(sink.tables(), differences);
            long fired =
                    sink.counted("injected failures")
                            + ReaderFaults.fired(script.toAbsolutePath().normalize().toString());
            return new Outcome(differences, fired);
        } finally {
            CheckingStore.forget(store);
        }
    }

    private int submit(Path pipeline, Path fromCheckpoint) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "-D",
                                        "execution.checkpointing.interval="
                                                + plan.checkpointMillis()
                                                + "ms",
                                "-D",
                                        "execution.checkpointing.externalized-checkpoint-retention=RETAIN_ON_CANCELLATION",
                                "-D", "state.checkpoints.dir=" + dir.resolve("checkpoints").toUri(),
                                "-D", "restart-strategy.type=fixed-delay",
                                "-D", "restart-strategy.fixed-delay.attempts=20",
                                "-D", "restart-strategy.fixed-delay.delay=20ms"));
        if (fromCheckpoint != null) {
            args.addAll(List.of("-s", fromCheckpoint.toUri().toString()));
        }
        args.add(pipeline.toString());
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            return FlinkCdcCli.execute(args.toArray(new String[0]));
        } finally {
            System.setErr(original);
            stderr.append(err.toString(StandardCharsets.UTF_8));
        }
    }

    private String pipeline(Path script, int parallelism) {
        StringBuilder yaml =
                new StringBuilder()
                        .append("source:\n  type: values\n  script: ")
                        .append(script)
                        .append('\n')
                        .append("  splits: ")
                        .append(plan.splits())
                        .append('\n');
        plan.sourceOptions().forEach(o -> yaml.append("  ").append(o).append('\n'));
        yaml.append("sink:\n  type: checking\n  store: \"").append(store).append("\"\n");
        plan.sinkOptions().forEach(o -> yaml.append("  ").append(o).append('\n'));
        return yaml.append("pipeline:\n  name: random run ")
                .append(plan.seed())
                .append('\n')
                .append("  parallelism: ")
                .append(parallelism)
                .append('\n')
                .append("  schema.change.behavior: ")
                .append(plan.behavior().name().toLowerCase(Locale.ROOT))
                .append('\n')
                .toString();
    }

    /**
     * Each table's DDL must be the model's, in order. Different tables' DDL may interleave either
     * way: a subtask asks for a change of one table while a change of another is pending.
     */
    private void compareDdl(List<SchemaChangeEvent> actual, List<String> differences) {
        Map<TableId, List<SchemaChangeEvent>> actualByTable = byTable(actual);
        Map<TableId, List<SchemaChangeEvent>> expectedByTable = byTable(plan.expected().ddl());
        Set<TableId> tables = new TreeSet<>(Comparator.comparing(TableId::toString));
        tables.addAll(actualByTable.keySet());
        tables.addAll(expectedByTable.keySet());
        for (TableId table : tables) {
            List<SchemaChangeEvent> applied = actualByTable.getOrDefault(table, List.of());
            List<SchemaChangeEvent> expected = expectedByTable.getOrDefault(table, List.of());
            if (applied.equals(expected)) {
                continue;
            }
            int same = 0;
            while (same < Math.min(applied.size(), expected.size())
                    && applied.get(same).equals(expected.get(same))) {
                same++;
            }
            differences.add(
                    String.format(
                            "the applier's DDL of %s differs from its DDL #%d on (%d applied, %d expected):%n  applied:  %s%n  expected: %s",
                            table,
                            same + 1,
                            applied.size(),
                            expected.size(),
                            applied.subList(same, Math.min(applied.size(), same + 3)),
                            expected.subList(same, Math.min(expected.size(), same + 3))));
        }
    }

    private static Map<TableId, List<SchemaChangeEvent>> byTable(List<SchemaChangeEvent> ddl) {
        Map<TableId, List<SchemaChangeEvent>> byTable = new LinkedHashMap<>();
        for (SchemaChangeEvent change : ddl) {
            byTable.computeIfAbsent(change.tableId(), t -> new ArrayList<>()).add(change);
        }
        return byTable;
    }

    private void compareTables(Map<TableId, DatabaseTable> actual, List<String> differences) {
        Map<TableId, DatabaseTable> expected = plan.expected().sinkTables();
        if (!actual.keySet().equals(expected.keySet())) {
            differences.add("sink tables " + actual.keySet() + ", expected " + expected.keySet());
        }
        for (Map.Entry<TableId, DatabaseTable> e : expected.entrySet()) {
            DatabaseTable table = actual.get(e.getKey());
            if (table == null) {
                continue;
            }
            if (!table.schema().equals(e.getValue().schema())) {
                differences.add(
                        e.getKey()
                                + " has schema "
                                + table.schema()
                                + ", expected "
                                + e.getValue().schema());
                continue;
            }
            List<List<Object>> rows = table.rows();
            List<List<Object>> want = e.getValue().rows();
            if (!rows.equals(want)) {
                differences.add(
                        e.getKey()
                                + " "
                                + table.schema()
                                + " rows differ:\n  extra:   "
                                + minus(rows, want)
                                + "\n  missing: "
                                + minus(want, rows));
            }
        }
    }

    private static List<List<Object>> minus(List<List<Object>> a, List<List<Object>> b) {
        List<List<Object>> rest = new ArrayList<>(a);
        rest.removeAll(b);
        return rest.size() > 6 ? rest.subList(0, 6) : rest;
    }

    private static Optional<Path> latestCheckpoint(Path checkpoints) throws IOException {
        if (!Files.isDirectory(checkpoints)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(checkpoints)) {
            return files.filter(p -> p.getFileName().toString().startsWith("chk-"))
                    .filter(p -> Files.exists(p.resolve("_metadata")))
                    .max(
                            Comparator.comparingInt(
                                    p ->
                                            Integer.parseInt(
                                                    p.getFileName().toString().substring(4))));
        }
    }

    /** Forgets the source readers' fault counts of earlier runs in this JVM. */
    static void resetSourceFaults() {
        ReaderFaults.resetAll();
    }
}
