package dev.schemaop.connectors.paimon.sink;

import org.apache.flink.api.connector.sink2.Committer.CommitRequest;

/** Flink's commit request as the committer sees it, in tests that expect no retry. */
record ImmediateCommitRequest(PaimonCommittable committable)
        implements CommitRequest<PaimonCommittable> {
    @Override
    public PaimonCommittable getCommittable() {
        return committable;
    }

    @Override
    public int getNumberOfRetries() {
        return 0;
    }

    @Override
    public void signalFailedWithKnownReason(Throwable t) {
        throw new AssertionError(t);
    }

    @Override
    public void signalFailedWithUnknownReason(Throwable t) {
        throw new AssertionError(t);
    }

    @Override
    public void retryLater() {
        throw new AssertionError("retry");
    }

    @Override
    public void updateAndRetryLater(PaimonCommittable committable) {
        throw new AssertionError("retry");
    }

    @Override
    public void signalAlreadyCommitted() {}
}
