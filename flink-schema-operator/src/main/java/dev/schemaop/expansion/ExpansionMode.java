package dev.schemaop.expansion;

import java.util.Locale;

/** The sink option {@code existing-table.schema-expansion.mode} (SPEC §6). */
public enum ExpansionMode {
    /** No check and no expansion: the sink's own handling of the first create. */
    DISABLED,
    /** Compare only; never DDL. A missing table or any difference fails the job. */
    CHECK,
    /** Expand what is safe; a key mismatch or a failed mechanism falls back to the sink. */
    TRY_EXPAND,
    /** Expand what is safe; anything else fails the job before any DDL. */
    EXPAND;

    /** Parses a mode case-insensitively; the parser has already checked the value. */
    public static ExpansionMode of(String value) {
        return valueOf(value.trim().toUpperCase(Locale.ROOT));
    }

    /** Whether the mode may issue DDL against an existing table. */
    public boolean expands() {
        return this == TRY_EXPAND || this == EXPAND;
    }
}
