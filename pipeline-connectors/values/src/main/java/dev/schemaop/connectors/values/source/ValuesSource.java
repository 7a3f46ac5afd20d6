package dev.schemaop.connectors.values.source;

import dev.schemaop.connectors.values.script.ScriptParser;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * The values source: a bounded FLIP-27 source replaying a script. It carries the script's text
 * (read once by the factory), so readers on any machine parse the same script.
 */
public class ValuesSource implements Source<Event, ValuesSplit, ValuesEnumState> {

    private static final long serialVersionUID = 1L;

    private final String scriptName;
    private final String scriptText;
    private final int numSplits;
    private final long eventDelayMs;
    private final ReaderFaults faults;

    public ValuesSource(String scriptName, String scriptText, int numSplits, long eventDelayMs) {
        this(scriptName, scriptText, numSplits, eventDelayMs, ReaderFaults.none());
    }

    public ValuesSource(
            String scriptName,
            String scriptText,
            int numSplits,
            long eventDelayMs,
            ReaderFaults faults) {
        if (numSplits < 1) {
            throw new IllegalArgumentException("splits must be at least 1, got " + numSplits);
        }
        if (eventDelayMs < 0) {
            throw new IllegalArgumentException(
                    "event.delay.ms must not be negative, got " + eventDelayMs);
        }
        this.scriptName = scriptName;
        this.scriptText = scriptText;
        this.numSplits = numSplits;
        this.eventDelayMs = eventDelayMs;
        this.faults = faults;
    }

    public int getNumSplits() {
        return numSplits;
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SourceReader<Event, ValuesSplit> createReader(SourceReaderContext readerContext) {
        return new ValuesSourceReader(
                readerContext, ScriptParser.parse(scriptName, scriptText), eventDelayMs, faults);
    }

    @Override
    public SplitEnumerator<ValuesSplit, ValuesEnumState> createEnumerator(
            SplitEnumeratorContext<ValuesSplit> enumContext) {
        return new ValuesSplitEnumerator(
                enumContext, ValuesSplitEnumerator.initialSplits(numSplits));
    }

    @Override
    public SplitEnumerator<ValuesSplit, ValuesEnumState> restoreEnumerator(
            SplitEnumeratorContext<ValuesSplit> enumContext, ValuesEnumState checkpoint) {
        return new ValuesSplitEnumerator(enumContext, checkpoint.getPendingSplits());
    }

    @Override
    public SimpleVersionedSerializer<ValuesSplit> getSplitSerializer() {
        return ValuesSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<ValuesEnumState> getEnumeratorCheckpointSerializer() {
        return ValuesEnumStateSerializer.INSTANCE;
    }
}
