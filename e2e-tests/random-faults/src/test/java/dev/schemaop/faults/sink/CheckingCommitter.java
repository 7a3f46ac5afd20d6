package dev.schemaop.faults.sink;

import org.apache.flink.api.connector.sink2.Committer;

import java.util.Collection;

/** Commits each transaction once; a retried commit changes nothing (the store checks). */
final class CheckingCommitter implements Committer<String> {
    private final CheckingStore store;

    CheckingCommitter(String storeName) {
        this.store = CheckingStore.named(storeName);
    }

    @Override
    public void commit(Collection<CommitRequest<String>> requests) {
        for (CommitRequest<String> request : requests) {
            store.commit(request.getCommittable());
        }
    }

    @Override
    public void close() {}
}
