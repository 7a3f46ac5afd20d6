package dev.schemaop.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.apache.flink.util.UserCodeClassLoader;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;

/** Reader, enumerator and serializers, driven directly: checkpoint and restore. */
class SampleSourceStateTest {

    @Test
    void restoredReaderResumesRightAfterTheLastEmittedEvent() throws Exception {
        List<Event> full = new SampleScript(10).events();
        assertThat(full).hasSize(14);

        FakeReaderContext context1 = new FakeReaderContext();
        SampleSourceReader reader1 = new SampleSourceReader(context1, 10);
        reader1.start();
        assertThat(context1.splitRequests).isEqualTo(1);
        reader1.addSplits(List.of(new SampleSplit(SampleSplit.SPLIT_ID, 0)));
        reader1.notifyNoMoreSplits();

        CollectingOutput out1 = new CollectingOutput();
        for (int i = 0; i < 5; i++) {
            assertThat(reader1.pollNext(out1)).isEqualTo(InputStatus.MORE_AVAILABLE);
        }
        List<SampleSplit> snapshot = reader1.snapshotState(1L);
        assertThat(snapshot).containsExactly(new SampleSplit(SampleSplit.SPLIT_ID, 5));
        // The job fails after the checkpoint; whatever reader1 emits afterwards is lost.
        reader1.pollNext(out1);
        reader1.close();

        // Round trip the split state through its serializer, as Flink does.
        SampleSplitSerializer serializer = SampleSplitSerializer.INSTANCE;
        SampleSplit restored =
                serializer.deserialize(
                        serializer.getVersion(), serializer.serialize(snapshot.get(0)));

        FakeReaderContext context2 = new FakeReaderContext();
        SampleSourceReader reader2 = new SampleSourceReader(context2, 10);
        reader2.addSplits(List.of(restored));
        reader2.start();
        CollectingOutput out2 = new CollectingOutput();
        assertThat(reader2.pollNext(out2)).isEqualTo(InputStatus.MORE_AVAILABLE);
        reader2.notifyNoMoreSplits(); // the enumerator's answer to the split request
        InputStatus status;
        do {
            status = reader2.pollNext(out2);
        } while (status == InputStatus.MORE_AVAILABLE);
        assertThat(status).isEqualTo(InputStatus.END_OF_INPUT);

        List<Event> resumed = new ArrayList<>(out1.events.subList(0, 5));
        resumed.addAll(out2.events);
        assertThat(resumed).containsExactlyElementsOf(full);
        assertThat(reader2.snapshotState(2L)).isEmpty();
    }

    @Test
    void readerWithoutSplitWaitsThenFinishesOnNoMoreSplits() throws Exception {
        SampleSourceReader reader = new SampleSourceReader(new FakeReaderContext(), 3);
        reader.start();
        CollectingOutput out = new CollectingOutput();
        assertThat(reader.pollNext(out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        assertThat(reader.isAvailable()).isNotDone();
        reader.notifyNoMoreSplits();
        assertThat(reader.isAvailable()).isDone();
        assertThat(reader.pollNext(out)).isEqualTo(InputStatus.END_OF_INPUT);
        assertThat(out.events).isEmpty();
    }

    @Test
    void enumeratorAssignsTheSingleSplitOnceAndTakesItBackOnFailure() throws Exception {
        FakeEnumeratorContext context = new FakeEnumeratorContext();
        SampleSource source = new SampleSource(10);
        var enumerator = source.createEnumerator(context);
        enumerator.start();

        enumerator.handleSplitRequest(1, "host");
        enumerator.handleSplitRequest(0, "host");
        assertThat(context.assigned)
                .containsExactly(Map.entry(1, new SampleSplit(SampleSplit.SPLIT_ID, 0)));
        assertThat(context.noMoreSplits).containsExactly(1, 0);
        SampleEnumeratorState empty = enumerator.snapshotState(1L);
        assertThat(empty.unassigned()).isEmpty();

        // Subtask 1 fails before the first checkpoint: its split comes back and is handed out
        // again from its start.
        enumerator.addSplitsBack(List.of(new SampleSplit(SampleSplit.SPLIT_ID, 0)), 1);
        SampleEnumeratorState state = enumerator.snapshotState(2L);
        SampleEnumeratorStateSerializer serializer = SampleEnumeratorStateSerializer.INSTANCE;
        SampleEnumeratorState restored =
                serializer.deserialize(serializer.getVersion(), serializer.serialize(state));
        assertThat(restored).isEqualTo(state);
        assertThat(restored.unassigned()).containsExactly(new SampleSplit(SampleSplit.SPLIT_ID, 0));

        FakeEnumeratorContext context2 = new FakeEnumeratorContext();
        var restoredEnumerator = source.restoreEnumerator(context2, restored);
        restoredEnumerator.handleSplitRequest(1, "host");
        assertThat(context2.assigned)
                .containsExactly(Map.entry(1, new SampleSplit(SampleSplit.SPLIT_ID, 0)));
        assertThat(context2.noMoreSplits).containsExactly(1);
    }

    @Test
    void serializersRejectUnknownVersions() {
        assertThatThrownBy(() -> SampleSplitSerializer.INSTANCE.deserialize(99, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("99");
        assertThatThrownBy(
                        () -> SampleEnumeratorStateSerializer.INSTANCE.deserialize(99, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("99");
    }

    @Test
    void rowsMustBePositive() {
        assertThatThrownBy(() -> new SampleSource(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rows");
    }

    @Test
    void oneRowScriptAddsTheColumnBeforeTheOnlyInsert() {
        assertThat(Events.describe(new SampleScript(1).events()))
                .containsExactly(
                        "CreateTableEvent{tableId=sample.items, schema=columns={`id` INT NOT NULL,"
                                + "`name` VARCHAR(20)}, primaryKeys=id, options=()}",
                        "AddColumnEvent{tableId=sample.items, addedColumns=[ColumnWithPosition{"
                                + "column=`price` DECIMAL(10, 2), position=LAST,"
                                + " existedColumnName=null}]}",
                        "INSERT sample.items before=null after=[1, item-1, 1.50]",
                        "AlterColumnTypeEvent{tableId=sample.items, typeMapping={name=VARCHAR(50)}}",
                        "UPDATE sample.items before=[1, item-1, null]"
                                + " after=[1, one-updated, 1.50]");
    }

    private static final class CollectingOutput implements ReaderOutput<Event> {
        final List<Event> events = new ArrayList<>();

        @Override
        public void collect(Event record) {
            events.add(record);
        }

        @Override
        public void collect(Event record, long timestamp) {
            events.add(record);
        }

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}

        @Override
        public SourceOutput<Event> createOutputForSplit(String splitId) {
            return this;
        }

        @Override
        public void releaseOutputForSplit(String splitId) {}
    }

    private static final class FakeReaderContext implements SourceReaderContext {
        int splitRequests;

        @Override
        public SourceReaderMetricGroup metricGroup() {
            return null;
        }

        @Override
        public Configuration getConfiguration() {
            return new Configuration();
        }

        @Override
        public String getLocalHostName() {
            return "localhost";
        }

        @Override
        public int getIndexOfSubtask() {
            return 0;
        }

        @Override
        public void sendSplitRequest() {
            splitRequests++;
        }

        @Override
        public void sendSourceEventToCoordinator(SourceEvent sourceEvent) {}

        @Override
        public UserCodeClassLoader getUserCodeClassLoader() {
            return null;
        }
    }

    private static final class FakeEnumeratorContext
            implements SplitEnumeratorContext<SampleSplit> {
        final List<Map.Entry<Integer, SampleSplit>> assigned = new ArrayList<>();
        final List<Integer> noMoreSplits = new ArrayList<>();

        @Override
        public SplitEnumeratorMetricGroup metricGroup() {
            return null;
        }

        @Override
        public void sendEventToSourceReader(int subtaskId, SourceEvent event) {}

        @Override
        public int currentParallelism() {
            return 2;
        }

        @Override
        public Map<Integer, ReaderInfo> registeredReaders() {
            return new HashMap<>();
        }

        @Override
        public void assignSplits(SplitsAssignment<SampleSplit> newSplitAssignments) {
            newSplitAssignments
                    .assignment()
                    .forEach(
                            (subtask, splits) ->
                                    splits.forEach(s -> assigned.add(Map.entry(subtask, s))));
        }

        @Override
        public void signalNoMoreSplits(int subtask) {
            noMoreSplits.add(subtask);
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> void callAsync(
                Callable<T> callable,
                BiConsumer<T, Throwable> handler,
                long initialDelay,
                long period) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void runInCoordinatorThread(Runnable runnable) {
            runnable.run();
        }
    }
}
