package dev.schemaop.connectors.values.sink;

import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;

import java.util.Collection;

/**
 * The exactly-once writer: handles events like {@link ValuesSinkWriter} (schemas, shape checks,
 * tables created when missing) but stages its rows; Flink asks for them before each checkpoint
 * barrier ({@link #prepareCommit}) and hands them to the {@link ValuesCommitter}. A flush only
 * writes the output file on end of input, as the at-least-once writer does: staged rows become
 * visible by commit, not by flush.
 */
final class ValuesCommittingWriter extends ValuesSinkWriter
        implements CommittingSinkWriter<Event, ValuesCommittable> {
    private final StagedRows staged;

    ValuesCommittingWriter(
            ValuesStore store,
            boolean printEnabled,
            int subtask,
            SchemaChangeEventType failOnceOn) {
        this(store, printEnabled, subtask, failOnceOn, new StagedRows(store));
    }

    private ValuesCommittingWriter(
            ValuesStore store,
            boolean printEnabled,
            int subtask,
            SchemaChangeEventType failOnceOn,
            StagedRows staged) {
        super(store, printEnabled, subtask, failOnceOn, staged);
        this.staged = staged;
    }

    @Override
    public Collection<ValuesCommittable> prepareCommit() {
        return staged.drain();
    }
}
