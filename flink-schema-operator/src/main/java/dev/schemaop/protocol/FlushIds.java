package dev.schemaop.protocol;

/**
 * A flush marker's id: the sending subtask's attempt, the marker's number in that attempt (1, 2,
 * ...), and the subtask. Ids grow per subtask, across attempts too, and differ between subtasks.
 *
 * <p>Behind a connector's pre-write topology the writers cannot see a marker's id: the topology
 * rebuilds each {@code FlushEvent} from the source subtask id it carries. A writer counts the
 * flushes of each source subtask instead, and the number is the marker's: every marker of the
 * attempt becomes one aligned flush at every writer, in the order sent ({@link #counted}).
 */
public final class FlushIds {
    private FlushIds() {}

    public static long of(int attempt, long number, int subtask) {
        return ((long) attempt << 48) | (number << 16) | subtask;
    }

    /** The id a writer reports for the {@code number}th flush of a source subtask it saw. */
    public static long counted(long number, int subtask) {
        return of(0, number, subtask);
    }

    /** The marker's number within its attempt. */
    public static long numberOf(long flushId) {
        return (flushId >>> 16) & 0xFFFF_FFFFL;
    }
}
