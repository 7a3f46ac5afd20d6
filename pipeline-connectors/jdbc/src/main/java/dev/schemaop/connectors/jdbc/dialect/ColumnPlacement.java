package dev.schemaop.connectors.jdbc.dialect;

import javax.annotation.Nullable;

import java.util.Objects;

/** Where an added column goes: first, after a column, or last. */
public final class ColumnPlacement {
    private static final ColumnPlacement FIRST = new ColumnPlacement(true, null);
    private static final ColumnPlacement LAST = new ColumnPlacement(false, null);

    private final boolean first;
    @Nullable private final String after;

    private ColumnPlacement(boolean first, @Nullable String after) {
        this.first = first;
        this.after = after;
    }

    public static ColumnPlacement first() {
        return FIRST;
    }

    public static ColumnPlacement last() {
        return LAST;
    }

    public static ColumnPlacement after(String column) {
        return new ColumnPlacement(false, Objects.requireNonNull(column));
    }

    public boolean isFirst() {
        return first;
    }

    public boolean isLast() {
        return !first && after == null;
    }

    /** The column it goes after; null when first or last. */
    @Nullable
    public String after() {
        return after;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ColumnPlacement)) {
            return false;
        }
        ColumnPlacement that = (ColumnPlacement) o;
        return first == that.first && Objects.equals(after, that.after);
    }

    @Override
    public int hashCode() {
        return Objects.hash(first, after);
    }

    @Override
    public String toString() {
        return first ? "FIRST" : after == null ? "LAST" : "AFTER " + after;
    }
}
