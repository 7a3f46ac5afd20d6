package dev.schemaop.connectors.values.source;

import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Assigns the fixed set of splits to readers: split {@code i} goes to reader {@code i %
 * parallelism} when that reader registers, which then learns that no more splits will come. A
 * reader that fails gives its splits back (with the positions of the last checkpoint) and gets them
 * again when it registers anew.
 */
public class ValuesSplitEnumerator implements SplitEnumerator<ValuesSplit, ValuesEnumState> {

    private static final Logger LOG = LoggerFactory.getLogger(ValuesSplitEnumerator.class);

    private final SplitEnumeratorContext<ValuesSplit> context;
    private final TreeMap<Integer, ValuesSplit> pending = new TreeMap<>();

    public ValuesSplitEnumerator(
            SplitEnumeratorContext<ValuesSplit> context, Collection<ValuesSplit> pendingSplits) {
        this.context = context;
        for (ValuesSplit split : pendingSplits) {
            pending.put(split.getIndex(), split);
        }
    }

    /** The initial splits of a source with {@code numSplits} splits, all at position 0. */
    public static List<ValuesSplit> initialSplits(int numSplits) {
        List<ValuesSplit> splits = new ArrayList<>(numSplits);
        for (int i = 0; i < numSplits; i++) {
            splits.add(new ValuesSplit(i, numSplits, 0));
        }
        return splits;
    }

    @Override
    public void start() {
        for (int reader : new ArrayList<>(context.registeredReaders().keySet())) {
            assignTo(reader);
        }
    }

    @Override
    public void handleSplitRequest(int subtaskId, String requesterHostname) {
        // splits are pushed when a reader registers
    }

    @Override
    public void addSplitsBack(List<ValuesSplit> splits, int subtaskId) {
        LOG.info("Values source: splits {} returned by reader {}", splits, subtaskId);
        for (ValuesSplit split : splits) {
            pending.put(split.getIndex(), split);
        }
        if (context.registeredReaders().containsKey(subtaskId)) {
            assignTo(subtaskId);
        }
    }

    @Override
    public void addReader(int subtaskId) {
        assignTo(subtaskId);
    }

    private void assignTo(int reader) {
        int parallelism = Math.max(1, context.currentParallelism());
        List<ValuesSplit> mine = new ArrayList<>();
        for (Iterator<Map.Entry<Integer, ValuesSplit>> it = pending.entrySet().iterator();
                it.hasNext(); ) {
            Map.Entry<Integer, ValuesSplit> e = it.next();
            if (e.getKey() % parallelism == reader) {
                mine.add(e.getValue());
                it.remove();
            }
        }
        if (!mine.isEmpty()) {
            LOG.info("Values source: assigning {} to reader {}", mine, reader);
            context.assignSplits(new SplitsAssignment<>(Collections.singletonMap(reader, mine)));
        }
        context.signalNoMoreSplits(reader);
    }

    @Override
    public ValuesEnumState snapshotState(long checkpointId) {
        return new ValuesEnumState(new ArrayList<>(pending.values()));
    }

    @Override
    public void close() {}
}
