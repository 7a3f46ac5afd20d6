package dev.schemaop.connectors.jdbc.sink;

import java.io.Serializable;
import java.time.Duration;

/** How writers buffer and retry: {@code sink.buffer-flush.*} and {@code sink.max-retries}. */
public final class WriteOptions implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int maxBufferedRows;
    private final long flushIntervalMillis;
    private final int maxRetries;

    public WriteOptions(int maxBufferedRows, Duration flushInterval, int maxRetries) {
        if (maxBufferedRows < 1) {
            throw new IllegalArgumentException(
                    "sink.buffer-flush.max-rows must be at least 1, was " + maxBufferedRows);
        }
        if (flushInterval.isNegative()) {
            throw new IllegalArgumentException(
                    "sink.buffer-flush.interval must not be negative, was " + flushInterval);
        }
        if (maxRetries < 0) {
            throw new IllegalArgumentException(
                    "sink.max-retries must not be negative, was " + maxRetries);
        }
        this.maxBufferedRows = maxBufferedRows;
        this.flushIntervalMillis = flushInterval.toMillis();
        this.maxRetries = maxRetries;
    }

    /** A flush happens when this many row changes are buffered. */
    public int maxBufferedRows() {
        return maxBufferedRows;
    }

    /** Buffered rows are flushed at the latest this long after the first of them; 0: never. */
    public long flushIntervalMillis() {
        return flushIntervalMillis;
    }

    /** Retries after a transient failure or lost connection, each on a fresh connection. */
    public int maxRetries() {
        return maxRetries;
    }

    @Override
    public String toString() {
        return "WriteOptions{maxBufferedRows="
                + maxBufferedRows
                + ", flushIntervalMillis="
                + flushIntervalMillis
                + ", maxRetries="
                + maxRetries
                + "}";
    }
}
