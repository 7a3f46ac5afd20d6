package dev.schemaop.behavior;

/** Why a schema change (or a part of one) does not reach the sink. */
public enum SkipReason {
    /** Its type is filtered out by include/exclude.schema.changes or refused by the applier. */
    NOT_ACCEPTED,
    /** The behavior drops it: IGNORE, or create.table of an existing table in IGNORE/EXCEPTION. */
    IGNORED_BY_BEHAVIOR,
    /** The sink already has it, or there is nothing to act on (e.g. drop of an absent column). */
    ALREADY_PRESENT,
    /** It would change a primary key or partition key column of the sink: keys never change. */
    KEY_COLUMN,
    /** It is lossy and the behavior drops it rather than convert it (create of existing table). */
    NOT_WIDENABLE,
    /**
     * The sink table merges other source tables too (SPEC §7): a rename, drop or truncate of one of
     * them, or a change it already holds, does not reach it.
     */
    SHARED_TABLE
}
