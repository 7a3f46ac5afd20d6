package dev.schemaop.connectors.values.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.TableHistoryRestart;
import dev.schemaop.connectors.values.script.ScriptItem;
import dev.schemaop.connectors.values.script.ScriptParser;
import dev.schemaop.connectors.values.script.ValuesScript;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.io.InputStatus;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

class ValuesSourceReaderTest {

    /** Three tables' worth of DDL and 40 rows over keys 1..10, with two checkpoint fences. */
    static String script(boolean withFences) {
        StringBuilder sb = new StringBuilder();
        sb.append("- type: create.table\n  table: db.t\n")
                .append("  columns: [{name: id, type: INT NOT NULL}, {name: v, type: STRING}]\n")
                .append("  primaryKeys: [id]\n");
        sb.append("- type: insert\n  table: db.t\n  rows:\n");
        for (int i = 1; i <= 10; i++) {
            sb.append("    - [").append(i).append(", a").append(i).append("]\n");
        }
        if (withFences) {
            sb.append("- checkpoint\n");
        }
        sb.append("- type: add.column\n  table: db.t\n  columns: [{name: w, type: BIGINT}]\n");
        for (int i = 1; i <= 10; i++) {
            sb.append("- type: update\n  table: db.t\n")
                    .append("  before: [")
                    .append(i)
                    .append(", a")
                    .append(i)
                    .append(", null]\n")
                    .append("  after: [")
                    .append(i)
                    .append(", b")
                    .append(i)
                    .append(", ")
                    .append(i * 100)
                    .append("]\n");
        }
        if (withFences) {
            sb.append("- type: checkpoint\n");
        }
        sb.append("- type: rename.column\n  table: db.t\n  columns: {v: label}\n");
        sb.append("- type: delete\n  table: db.t\n  rows:\n");
        for (int i = 1; i <= 10; i += 2) {
            sb.append("    - [")
                    .append(i)
                    .append(", b")
                    .append(i)
                    .append(", ")
                    .append(i * 100)
                    .append("]\n");
        }
        return sb.toString();
    }

    private static ValuesScript parse(boolean withFences) {
        return ScriptParser.parse("reader-test.yaml", script(withFences));
    }

    /** Polls until the reader blocks or ends; returns the last status. */
    private static InputStatus drain(ValuesSourceReader reader, CollectingOutput out)
            throws Exception {
        while (true) {
            InputStatus status = reader.pollNext(out);
            if (status == InputStatus.END_OF_INPUT) {
                return status;
            }
            if (status == InputStatus.NOTHING_AVAILABLE && !reader.isAvailable().isDone()) {
                return status;
            }
        }
    }

    private static List<Event> expectedFor(ValuesScript script, int split, int numSplits) {
        return expectedFrom(script, new ValuesSplit(split, numSplits, 0));
    }

    /**
     * What a split emits from its position on: before its first event of each table, a
     * TableHistoryRestart and the table's schema changes before the position; then its items.
     */
    private static List<Event> expectedFrom(ValuesScript script, ValuesSplit split) {
        List<ScriptItem> items = script.getItems();
        List<Event> expected = new ArrayList<>();
        Set<TableId> begun = new HashSet<>();
        for (ScriptItem item : items.subList(split.getPosition(), items.size())) {
            if (item.getKind() == ScriptItem.Kind.CHECKPOINT
                    || !item.belongsTo(split.getIndex(), split.getNumSplits())) {
                continue;
            }
            if (begun.add(item.getTableId())) {
                expected.add(new TableHistoryRestart(item.getTableId()));
                items.subList(0, split.getPosition()).stream()
                        .filter(i -> i.getKind() == ScriptItem.Kind.SCHEMA_CHANGE)
                        .filter(i -> i.getTableId().equals(item.getTableId()))
                        .forEach(i -> expected.add(i.getEvent()));
            }
            expected.add(item.getEvent());
        }
        return expected;
    }

    @Test
    void readsTheWholeScriptWithOneSplit() throws Exception {
        ValuesScript script = parse(false);
        ValuesSourceReader reader = new ValuesSourceReader(new TestingReaderContext(0), script, 0);
        CollectingOutput out = new CollectingOutput();
        assertThat(drain(reader, out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        reader.addSplits(ValuesSplitEnumerator.initialSplits(1));
        reader.notifyNoMoreSplits();
        assertThat(drain(reader, out)).isEqualTo(InputStatus.END_OF_INPUT);
        assertThat(out.events).containsExactlyElementsOf(expectedFor(script, 0, 1));
        assertThat(out.events).hasSize(1 + 1 + 10 + 1 + 10 + 1 + 5);
    }

    @Test
    void everySplitReplaysAllSchemaChangesAndEachRowBelongsToOneSplit() throws Exception {
        ValuesScript script = parse(false);
        int numSplits = 3;
        List<Event> allRows = new ArrayList<>();
        List<Event> schemaEvents =
                script.getItems().stream()
                        .filter(i -> i.getKind() == ScriptItem.Kind.SCHEMA_CHANGE)
                        .map(ScriptItem::getEvent)
                        .collect(Collectors.toList());
        List<List<String>> keysPerSplit = new ArrayList<>();
        for (int split = 0; split < numSplits; split++) {
            ValuesSourceReader reader =
                    new ValuesSourceReader(new TestingReaderContext(split), script, 0);
            CollectingOutput out = new CollectingOutput();
            reader.addSplits(List.of(new ValuesSplit(split, numSplits, 0)));
            reader.notifyNoMoreSplits();
            assertThat(drain(reader, out)).isEqualTo(InputStatus.END_OF_INPUT);
            assertThat(out.events.stream().filter(e -> e instanceof SchemaChangeEvent))
                    .containsExactlyElementsOf(schemaEvents);
            List<Event> rows =
                    out.events.stream()
                            .filter(e -> e instanceof DataChangeEvent)
                            .collect(Collectors.toList());
            allRows.addAll(rows);
            keysPerSplit.add(
                    rows.stream()
                            .map(e -> key((DataChangeEvent) e))
                            .distinct()
                            .collect(Collectors.toList()));
        }
        List<Event> scriptRows =
                script.getItems().stream()
                        .filter(i -> i.getKind() == ScriptItem.Kind.DATA_CHANGE)
                        .map(ScriptItem::getEvent)
                        .collect(Collectors.toList());
        assertThat(allRows).containsExactlyInAnyOrderElementsOf(scriptRows);
        // all changes of one key are in one split, and the keys are spread
        List<String> allKeys = new ArrayList<>();
        keysPerSplit.forEach(allKeys::addAll);
        assertThat(allKeys).doesNotHaveDuplicates().hasSize(10);
        assertThat(keysPerSplit).allSatisfy(keys -> assertThat(keys).isNotEmpty());
    }

    private static String key(DataChangeEvent e) {
        return String.valueOf((e.after() != null ? e.after() : e.before()).getInt(0));
    }

    @Test
    void aReaderReadsItsSplitsOneAfterAnother() throws Exception {
        ValuesScript script = parse(false);
        ValuesSourceReader reader = new ValuesSourceReader(new TestingReaderContext(0), script, 0);
        CollectingOutput out = new CollectingOutput();
        reader.addSplits(List.of(new ValuesSplit(1, 2, 0), new ValuesSplit(0, 2, 0)));
        reader.notifyNoMoreSplits();
        assertThat(drain(reader, out)).isEqualTo(InputStatus.END_OF_INPUT);
        List<Event> expected = new ArrayList<>(expectedFor(script, 1, 2));
        expected.addAll(expectedFor(script, 0, 2));
        assertThat(out.events).containsExactlyElementsOf(expected);
    }

    @Test
    void restoringASnapshotResumesRightAfterTheLastEmittedEventWithTheTablesHistoryFirst()
            throws Exception {
        ValuesScript script = parse(false);
        int numSplits = 2;
        List<Event> expected = new ArrayList<>(expectedFor(script, 0, numSplits));
        expected.addAll(expectedFor(script, 1, numSplits));
        int replays = 0;
        for (int cut = 0; cut <= expected.size(); cut++) {
            ValuesSourceReader first =
                    new ValuesSourceReader(new TestingReaderContext(0), script, 0);
            first.addSplits(ValuesSplitEnumerator.initialSplits(numSplits));
            first.notifyNoMoreSplits();
            CollectingOutput before = new CollectingOutput();
            while (before.events.size() < cut) {
                first.pollNext(before);
            }
            List<ValuesSplit> state = first.snapshotState(1L);

            ValuesSourceReader second =
                    new ValuesSourceReader(new TestingReaderContext(0), script, 0);
            second.addSplits(state);
            second.notifyNoMoreSplits();
            CollectingOutput after = new CollectingOutput();
            assertThat(drain(second, after)).isEqualTo(InputStatus.END_OF_INPUT);

            List<Event> resumed = new ArrayList<>();
            for (ValuesSplit split : state) {
                resumed.addAll(expectedFrom(script, split));
            }
            assertThat(after.events).as("cut after %d events", cut).isEqualTo(resumed);
            if (!state.isEmpty() && state.get(0).getPosition() > 0) {
                replays++;
            }
            // the history is replayed, the rows are not: each row once
            List<Event> rows = new ArrayList<>(rowsOf(before.events));
            rows.addAll(rowsOf(after.events));
            assertThat(rows).as("cut after %d events", cut).isEqualTo(rowsOf(expected));
        }
        assertThat(replays).isGreaterThan(10);
    }

    private static List<Event> rowsOf(List<Event> events) {
        return events.stream().filter(e -> e instanceof DataChangeEvent).toList();
    }

    @Test
    void aFenceHoldsTheSplitUntilACheckpointTakenThereCompletes() throws Exception {
        ValuesScript script = parse(true);
        ValuesSourceReader reader = new ValuesSourceReader(new TestingReaderContext(0), script, 0);
        CollectingOutput out = new CollectingOutput();
        reader.addSplits(ValuesSplitEnumerator.initialSplits(1));
        reader.notifyNoMoreSplits();

        assertThat(drain(reader, out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        assertThat(out.events).hasSize(12); // history restart + create + 10 inserts
        int fence =
                script.getItems()
                        .indexOf(
                                script.getItems().stream()
                                        .filter(i -> i.getKind() == ScriptItem.Kind.CHECKPOINT)
                                        .findFirst()
                                        .get());

        // a checkpoint completing that was taken before the fence does not release it
        reader.notifyCheckpointComplete(4L);
        assertThat(reader.isAvailable()).isNotDone();

        // the snapshot taken at the fence records the position after it
        assertThat(reader.snapshotState(5L)).containsExactly(new ValuesSplit(0, 1, fence + 1));
        reader.snapshotState(6L);
        assertThat(reader.isAvailable()).isNotDone();
        reader.notifyCheckpointComplete(4L);
        assertThat(reader.isAvailable()).isNotDone();

        reader.notifyCheckpointComplete(5L);
        assertThat(reader.isAvailable()).isDone();
        assertThat(drain(reader, out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        assertThat(out.events).hasSize(23); // + add column + 10 updates

        reader.snapshotState(7L);
        reader.notifyCheckpointComplete(8L); // a later (subsuming) checkpoint also releases
        assertThat(drain(reader, out)).isEqualTo(InputStatus.END_OF_INPUT);
        assertThat(out.events).containsExactlyElementsOf(expectedFor(script, 0, 1));
    }

    @Test
    void restoringFromTheFenceCheckpointPassesTheFence() throws Exception {
        ValuesScript script = parse(true);
        ValuesSourceReader reader = new ValuesSourceReader(new TestingReaderContext(0), script, 0);
        CollectingOutput out = new CollectingOutput();
        reader.addSplits(ValuesSplitEnumerator.initialSplits(1));
        reader.notifyNoMoreSplits();
        drain(reader, out);
        List<ValuesSplit> state = reader.snapshotState(3L);

        ValuesSourceReader restored =
                new ValuesSourceReader(new TestingReaderContext(0), script, 0);
        restored.addSplits(state);
        restored.notifyNoMoreSplits();
        int restoredFrom = out.events.size();
        assertThat(drain(restored, out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        // the resumed split first replays the table's history: its create, no rows
        TableId table = script.getItems().get(0).getTableId();
        assertThat(out.events.subList(restoredFrom, restoredFrom + 2))
                .containsExactly(
                        new TableHistoryRestart(table), script.getItems().get(0).getEvent());
        assertThat(out.events).hasSize(12 + 2 + 1 + 10);
    }

    @Test
    void aReaderWithoutSplitsEndsWhenToldNoMoreCome() throws Exception {
        ValuesSourceReader reader =
                new ValuesSourceReader(new TestingReaderContext(2), parse(false), 0);
        CollectingOutput out = new CollectingOutput();
        assertThat(drain(reader, out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        reader.notifyNoMoreSplits();
        assertThat(reader.isAvailable()).isDone();
        assertThat(drain(reader, out)).isEqualTo(InputStatus.END_OF_INPUT);
        assertThat(out.events).isEmpty();
        assertThat(reader.snapshotState(1L)).isEmpty();
    }

    @Test
    void eventDelayPausesBetweenEvents() throws Exception {
        ValuesScript script =
                ScriptParser.parse(
                        "delay.yaml",
                        "- type: create.table\n  table: t\n  columns: [{name: a, type: INT}]\n"
                                + "- type: insert\n  table: t\n  rows: [[1], [2], [3]]\n");
        ValuesSourceReader reader = new ValuesSourceReader(new TestingReaderContext(0), script, 60);
        CollectingOutput out = new CollectingOutput();
        reader.addSplits(ValuesSplitEnumerator.initialSplits(1));
        reader.notifyNoMoreSplits();
        long start = System.nanoTime();
        InputStatus status;
        do {
            status = reader.pollNext(out);
            if (status == InputStatus.NOTHING_AVAILABLE) {
                reader.isAvailable().get(10, TimeUnit.SECONDS);
            }
        } while (status != InputStatus.END_OF_INPUT);
        long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(out.events).hasSize(5);
        assertThat(elapsedMs).isGreaterThanOrEqualTo(3 * 60);
    }

    @Test
    void splitSerializersRoundTrip() throws Exception {
        ValuesSplit split = new ValuesSplit(2, 5, 17);
        assertThat(
                        ValuesSplitSerializer.INSTANCE.deserialize(
                                1, ValuesSplitSerializer.INSTANCE.serialize(split)))
                .isEqualTo(split);
        ValuesEnumState state = new ValuesEnumState(List.of(split, new ValuesSplit(0, 5, 0)));
        assertThat(
                        ValuesEnumStateSerializer.INSTANCE.deserialize(
                                1, ValuesEnumStateSerializer.INSTANCE.serialize(state)))
                .isEqualTo(state);
        assertThat(
                        ValuesEnumStateSerializer.INSTANCE.deserialize(
                                1,
                                ValuesEnumStateSerializer.INSTANCE.serialize(
                                        new ValuesEnumState(Collections.emptyList()))))
                .isEqualTo(new ValuesEnumState(Collections.emptyList()));
    }
}
