package dev.schemaop.connectors.values.source;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Checkpointed state of the split enumerator: the splits not yet assigned to a reader. */
public final class ValuesEnumState {

    private final List<ValuesSplit> pendingSplits;

    public ValuesEnumState(List<ValuesSplit> pendingSplits) {
        this.pendingSplits = Collections.unmodifiableList(new ArrayList<>(pendingSplits));
    }

    public List<ValuesSplit> getPendingSplits() {
        return pendingSplits;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ValuesEnumState
                && pendingSplits.equals(((ValuesEnumState) o).pendingSplits);
    }

    @Override
    public int hashCode() {
        return pendingSplits.hashCode();
    }

    @Override
    public String toString() {
        return "ValuesEnumState{pending=" + pendingSplits + "}";
    }
}
