package dev.schemaop.connectors.debezium;

import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.core.io.InputStatus;

import java.util.concurrent.CompletableFuture;

/**
 * A one-split reader's wait for its split ({@link SingleSplitEnumerator} hands it to reader 0
 * only): the availability a reader without a split (or with a finished one) returns, woken when a
 * split arrives or the enumerator says none will.
 */
public final class SplitArrival {
    private boolean noMore;
    private CompletableFuture<Void> arrival = new CompletableFuture<>();

    /** A split arrived ({@link SourceReader#addSplits}). */
    public void arrived() {
        arrival.complete(null);
    }

    /** No split will come ({@link SourceReader#notifyNoMoreSplits}). */
    public void noMore() {
        noMore = true;
        arrival.complete(null);
    }

    /** What a reader with nothing to read returns: the end once no split will come. */
    public InputStatus idle() {
        return noMore ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
    }

    /** Completes when a split arrives or none will. */
    public CompletableFuture<Void> awaited() {
        if (noMore) {
            return CompletableFuture.completedFuture(null);
        }
        if (arrival.isDone()) {
            arrival = new CompletableFuture<>();
        }
        return arrival;
    }
}
