package dev.schemaop.connectors.values.source;

import org.apache.flink.api.connector.source.SourceSplit;

import java.util.Objects;

/**
 * One split of the values source: split {@code index} of {@code numSplits} replays every schema
 * change and checkpoint fence of the script and the rows whose key hashes to it. Its state is the
 * position in the script's item list of the next item to look at.
 */
public final class ValuesSplit implements SourceSplit {

    private final int index;
    private final int numSplits;
    private final int position;

    public ValuesSplit(int index, int numSplits, int position) {
        if (numSplits < 1 || index < 0 || index >= numSplits || position < 0) {
            throw new IllegalArgumentException(
                    "Invalid values split " + index + " of " + numSplits + " at " + position);
        }
        this.index = index;
        this.numSplits = numSplits;
        this.position = position;
    }

    @Override
    public String splitId() {
        return "split-" + index;
    }

    public int getIndex() {
        return index;
    }

    public int getNumSplits() {
        return numSplits;
    }

    /** Index in the script's item list of the next item this split looks at. */
    public int getPosition() {
        return position;
    }

    public ValuesSplit atPosition(int newPosition) {
        return new ValuesSplit(index, numSplits, newPosition);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ValuesSplit)) {
            return false;
        }
        ValuesSplit that = (ValuesSplit) o;
        return index == that.index && numSplits == that.numSplits && position == that.position;
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, numSplits, position);
    }

    @Override
    public String toString() {
        return "ValuesSplit{" + splitId() + " of " + numSplits + ", position=" + position + "}";
    }
}
