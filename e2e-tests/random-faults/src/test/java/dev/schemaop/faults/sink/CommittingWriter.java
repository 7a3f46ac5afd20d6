package dev.schemaop.faults.sink;

import dev.schemaop.faults.sink.CheckingStore.RowWrite;

import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.cdc.common.event.Event;

import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * The two-phase writer: a flush stages the rows under the writer's open transaction; the
 * checkpoint's prepareCommit hands the transaction to the committer, which commits it once the
 * checkpoint completed. A transaction of a failed attempt is never committed.
 */
final class CommittingWriter extends CheckingWriter implements CommittingSinkWriter<Event, String> {
    private final String attempt = UUID.randomUUID().toString();
    private long transaction;
    private boolean staged;

    CommittingWriter(String storeName, SinkFaults faults, int subtask, boolean checkTables) {
        super(storeName, faults, subtask, checkTables);
    }

    @Override
    void hand(List<RowWrite> writes) {
        if (!writes.isEmpty()) {
            store().stage(current(), writes);
            staged = true;
        }
    }

    @Override
    public Collection<String> prepareCommit() {
        if (!staged) {
            return List.of();
        }
        String prepared = current();
        transaction++;
        staged = false;
        return List.of(prepared);
    }

    private String current() {
        return attempt + "/" + transaction;
    }
}
