package dev.schemaop.sample;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.util.Collections;

/** Bounded FLIP-27 source emitting {@link SampleScript} from a single split. */
public final class SampleSource implements Source<Event, SampleSplit, SampleEnumeratorState> {

    private static final long serialVersionUID = 1L;

    private final int rows;

    public SampleSource(int rows) {
        new SampleScript(rows); // validates rows
        this.rows = rows;
    }

    public int rows() {
        return rows;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SourceReader<Event, SampleSplit> createReader(SourceReaderContext readerContext) {
        return new SampleSourceReader(readerContext, rows);
    }

    @Override
    public SplitEnumerator<SampleSplit, SampleEnumeratorState> createEnumerator(
            SplitEnumeratorContext<SampleSplit> enumContext) {
        return new SampleSplitEnumerator(
                enumContext, Collections.singletonList(new SampleSplit(SampleSplit.SPLIT_ID, 0)));
    }

    @Override
    public SplitEnumerator<SampleSplit, SampleEnumeratorState> restoreEnumerator(
            SplitEnumeratorContext<SampleSplit> enumContext, SampleEnumeratorState checkpoint) {
        return new SampleSplitEnumerator(enumContext, checkpoint.unassigned());
    }

    @Override
    public SimpleVersionedSerializer<SampleSplit> getSplitSerializer() {
        return SampleSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<SampleEnumeratorState> getEnumeratorCheckpointSerializer() {
        return SampleEnumeratorStateSerializer.INSTANCE;
    }
}
