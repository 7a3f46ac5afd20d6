package dev.schemaop.connectors.values.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;

class ValuesSplitEnumeratorTest {

    @ParameterizedTest(name = "{0} splits, parallelism {1}")
    @CsvSource({"2, 1", "2, 2", "2, 3", "5, 2", "1, 4"})
    void assignsEverySplitExactlyOnce(int numSplits, int parallelism) throws Exception {
        FakeContext context = new FakeContext(parallelism);
        ValuesSplitEnumerator enumerator =
                new ValuesSplitEnumerator(context, ValuesSplitEnumerator.initialSplits(numSplits));
        enumerator.start();
        for (int r = 0; r < parallelism; r++) {
            context.register(r);
            enumerator.addReader(r);
        }
        List<Integer> assigned = new ArrayList<>();
        context.assigned.forEach(
                (reader, splits) ->
                        splits.forEach(
                                s -> {
                                    assertThat(s.getIndex() % parallelism).isEqualTo(reader);
                                    assigned.add(s.getIndex());
                                }));
        assertThat(assigned).containsExactlyInAnyOrderElementsOf(range(numSplits));
        assertThat(context.noMoreSplits).containsExactlyInAnyOrderElementsOf(range(parallelism));
        assertThat(enumerator.snapshotState(1L).getPendingSplits()).isEmpty();
    }

    @Test
    void splitsGivenBackGoToTheReaderWhenItRegistersAgain() throws Exception {
        FakeContext context = new FakeContext(2);
        ValuesSplitEnumerator enumerator =
                new ValuesSplitEnumerator(context, ValuesSplitEnumerator.initialSplits(2));
        context.register(0);
        context.register(1);
        enumerator.addReader(0);
        enumerator.addReader(1);
        context.assigned.clear();

        context.readers.remove(1);
        enumerator.addSplitsBack(List.of(new ValuesSplit(1, 2, 7)), 1);
        assertThat(enumerator.snapshotState(2L).getPendingSplits())
                .containsExactly(new ValuesSplit(1, 2, 7));
        assertThat(context.assigned).isEmpty();

        context.register(1);
        enumerator.addReader(1);
        assertThat(context.assigned).containsOnlyKeys(1);
        assertThat(context.assigned.get(1)).containsExactly(new ValuesSplit(1, 2, 7));
    }

    private static List<Integer> range(int n) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(i);
        }
        return out;
    }

    /** Records assignments; readers register explicitly. */
    static final class FakeContext implements SplitEnumeratorContext<ValuesSplit> {
        final int parallelism;
        final Map<Integer, ReaderInfo> readers = new HashMap<>();
        final Map<Integer, List<ValuesSplit>> assigned = new TreeMap<>();
        final List<Integer> noMoreSplits = new ArrayList<>();

        FakeContext(int parallelism) {
            this.parallelism = parallelism;
        }

        void register(int reader) {
            readers.put(reader, new ReaderInfo(reader, "localhost"));
        }

        @Override
        public SplitEnumeratorMetricGroup metricGroup() {
            return null;
        }

        @Override
        public void sendEventToSourceReader(int subtaskId, SourceEvent event) {}

        @Override
        public int currentParallelism() {
            return parallelism;
        }

        @Override
        public Map<Integer, ReaderInfo> registeredReaders() {
            return readers;
        }

        @Override
        public void assignSplits(SplitsAssignment<ValuesSplit> newSplitAssignments) {
            newSplitAssignments
                    .assignment()
                    .forEach(
                            (r, s) ->
                                    assigned.computeIfAbsent(r, k -> new ArrayList<>()).addAll(s));
        }

        @Override
        public void signalNoMoreSplits(int subtask) {
            noMoreSplits.add(subtask);
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {}

        @Override
        public <T> void callAsync(
                Callable<T> callable,
                BiConsumer<T, Throwable> handler,
                long initialDelay,
                long period) {}

        @Override
        public void runInCoordinatorThread(Runnable runnable) {
            runnable.run();
        }
    }
}
