package dev.schemaop.sample;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** Enumerator checkpoint: the splits not assigned to any reader yet. */
public final class SampleEnumeratorState {

    private final List<SampleSplit> unassigned;

    public SampleEnumeratorState(List<SampleSplit> unassigned) {
        this.unassigned = Collections.unmodifiableList(new ArrayList<>(unassigned));
    }

    public List<SampleSplit> unassigned() {
        return unassigned;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SampleEnumeratorState
                && unassigned.equals(((SampleEnumeratorState) o).unassigned);
    }

    @Override
    public int hashCode() {
        return Objects.hash(unassigned);
    }

    @Override
    public String toString() {
        return "SampleEnumeratorState{unassigned=" + unassigned + "}";
    }
}
