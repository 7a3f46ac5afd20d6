package dev.schemaop.sample;

import org.apache.flink.api.connector.source.SourceSplit;

import java.util.Objects;

/**
 * The sample source's only split: the whole script of {@code sample.items}. Its state is the
 * position of the next event to emit, so a restored split resumes right after the last event
 * emitted before the checkpoint.
 */
public final class SampleSplit implements SourceSplit {

    public static final String SPLIT_ID = "sample.items";

    private final String splitId;
    private final int position;

    public SampleSplit(String splitId, int position) {
        if (position < 0) {
            throw new IllegalArgumentException("position must not be negative: " + position);
        }
        this.splitId = Objects.requireNonNull(splitId, "splitId");
        this.position = position;
    }

    @Override
    public String splitId() {
        return splitId;
    }

    /** Position in the script of the next event to emit. */
    public int position() {
        return position;
    }

    public SampleSplit withPosition(int newPosition) {
        return new SampleSplit(splitId, newPosition);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SampleSplit)) {
            return false;
        }
        SampleSplit that = (SampleSplit) o;
        return position == that.position && splitId.equals(that.splitId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(splitId, position);
    }

    @Override
    public String toString() {
        return "SampleSplit{" + splitId + " @ " + position + "}";
    }
}
