package dev.schemaop.connectors.values.sink;

import org.apache.flink.api.connector.sink2.Committer;

import java.io.IOException;
import java.util.Collection;

/**
 * Applies committables to the {@link ValuesStore} when their checkpoint completed (each id once),
 * then writes the output file, so that it shows what is committed. {@code committer.fail.once}
 * makes the first commit per output path and JVM fail after applying, as a sink that crashes before
 * it acknowledges: the restarted job commits the same committables again.
 */
final class ValuesCommitter implements Committer<ValuesCommittable> {
    private final ValuesStore store;
    private final boolean printEnabled;
    private final boolean failOnce;

    ValuesCommitter(ValuesStore store, boolean printEnabled, boolean failOnce) {
        this.store = store;
        this.printEnabled = printEnabled;
        this.failOnce = failOnce;
    }

    @Override
    public void commit(Collection<CommitRequest<ValuesCommittable>> requests) throws IOException {
        boolean applied = false;
        for (CommitRequest<ValuesCommittable> request : requests) {
            ValuesCommittable committable = request.getCommittable();
            if (store.commit(committable)) {
                applied = true;
                print("committed " + committable);
            } else {
                request.signalAlreadyCommitted();
                print("already committed " + committable);
            }
        }
        if (!applied) {
            return;
        }
        store.writeFile();
        if (failOnce && store.markFailedOnce("committer")) {
            throw new IOException(
                    "injected committer failure after applying "
                            + requests.size()
                            + " committables");
        }
    }

    private void print(String line) {
        if (printEnabled) {
            System.out.println("values-committer> " + line);
        }
    }

    @Override
    public void close() {}
}
