package dev.schemaop.check;

/** What a start does to one sink table, as {@code check} prints it. */
enum Verdict {
    /** The sink has no such table: the start creates it. */
    CREATE("create", false),
    /** The table holds what the pipeline sends: used as it is. */
    COMPATIBLE("compatible", false),
    /** The table is expanded first (SPEC §6): the DDL follows. */
    EXPAND("expand", false),
    /** The table differs and is used as it is, or handed to the sink's own create. */
    ADOPT("as-is", false),
    /** The start fails on this table. */
    INCOMPATIBLE("incompatible", true),
    /** The sink cannot say whether it has the table. */
    UNKNOWN("unknown", false);

    private final String label;
    private final boolean failsStart;

    Verdict(String label, boolean failsStart) {
        this.label = label;
        this.failsStart = failsStart;
    }

    String label() {
        return label;
    }

    boolean failsStart() {
        return failsStart;
    }
}
