package dev.schemaop.connectors.values.script;

import org.apache.flink.cdc.common.event.ChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;

/**
 * One step of a parsed script: a schema change, a single row change, or a checkpoint fence. Schema
 * changes and fences belong to every split; a row change belongs to exactly one split, chosen from
 * {@link #getKeyHash()}.
 */
public final class ScriptItem {

    /** What an item is. */
    public enum Kind {
        SCHEMA_CHANGE,
        DATA_CHANGE,
        /** A change the source left out: a note for the decision history. */
        SKIPPED_CHANGE,
        CHECKPOINT
    }

    private final int eventNumber;
    private final int line;
    private final Kind kind;
    private final Event event;
    private final int keyHash;

    ScriptItem(int eventNumber, int line, Kind kind, Event event, int keyHash) {
        this.eventNumber = eventNumber;
        this.line = line;
        this.kind = kind;
        this.event = event;
        this.keyHash = keyHash;
    }

    /** The table the event is about; {@code null} for a checkpoint fence. */
    public TableId getTableId() {
        return event instanceof ChangeEvent change ? change.tableId() : null;
    }

    /** 1-based number of the script event this item comes from. */
    public int getEventNumber() {
        return eventNumber;
    }

    /** 1-based line of the script event this item comes from. */
    public int getLine() {
        return line;
    }

    public Kind getKind() {
        return kind;
    }

    /** The event to emit; {@code null} for a checkpoint fence. */
    public Event getEvent() {
        return event;
    }

    /** Stable hash of the row's primary key (all values when the table has no key). */
    public int getKeyHash() {
        return keyHash;
    }

    /** Whether split {@code splitIndex} of {@code numSplits} emits this item. */
    public boolean belongsTo(int splitIndex, int numSplits) {
        return kind != Kind.DATA_CHANGE || splitOf(keyHash, numSplits) == splitIndex;
    }

    /** The split a row with this key hash belongs to. */
    public static int splitOf(int keyHash, int numSplits) {
        return Math.floorMod(keyHash, numSplits);
    }

    @Override
    public String toString() {
        return "ScriptItem{event #"
                + eventNumber
                + ", line "
                + line
                + ", "
                + kind
                + (event == null ? "" : ", " + event)
                + "}";
    }
}
