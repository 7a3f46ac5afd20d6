package dev.schemaop.connectors.debezium;

import java.util.Locale;

/** Where a change-data-capture source starts ({@code scan.startup.mode}, as Flink CDC names it). */
public enum StartupMode {
    /** The snapshot, then the change stream. */
    INITIAL,
    /** Only the changes from now on. */
    LATEST_OFFSET,
    /** The snapshot only: a bounded job. */
    SNAPSHOT;

    /** Whether the source reads the tables' rows before the change stream. */
    public boolean snapshots() {
        return this != LATEST_OFFSET;
    }

    public boolean isBounded() {
        return this == SNAPSHOT;
    }

    /**
     * @param source the source's type, for the message
     * @throws IllegalArgumentException naming the option and what it takes
     */
    public static StartupMode parse(String text, String source) {
        switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "initial":
                return INITIAL;
            case "latest-offset":
                return LATEST_OFFSET;
            case "snapshot":
                return SNAPSHOT;
            default:
                throw new IllegalArgumentException(
                        "Option 'scan.startup.mode' of the "
                                + source
                                + " source takes initial, latest-offset or snapshot, got '"
                                + text
                                + "'");
        }
    }
}
