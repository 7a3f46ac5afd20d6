/**
 * What the sink receives for one schema change, per behavior and filter (SPEC §3, §4): pure
 * derivation, no Flink runtime, no I/O. {@link dev.schemaop.behavior.SchemaChangeDeriver} is the
 * entry point; {@link dev.schemaop.behavior.AcceptedChangeTypes} decides which change types it lets
 * through and {@link dev.schemaop.behavior.BehaviorOption} parses the behavior.
 *
 * <p>Decisions where the SPEC is silent:
 *
 * <ul>
 *   <li>Order: the behavior derives the sink-level events; what the sink already has is skipped
 *       (ALREADY_PRESENT); then the include/exclude filter applies to the derived events (as Flink
 *       CDC checks {@code acceptsSchemaEvolutionType} on applied events); then EXCEPTION rejects
 *       the first accepted event that is not a create.table. A change that is filtered out
 *       therefore never fails the job under EXCEPTION, and a repeated DDL (online schema tools) is
 *       never a failure.
 *   <li>A LENIENT type change converted into rename + add (with "make nullable" first when the old
 *       column is NOT NULL) passes the filter as one group: all of it or nothing. Other derived
 *       events are filtered one by one.
 *   <li>Several columns in one event: widenings and explicit casts go into one
 *       AlterColumnTypeEvent, renames into one RenameColumnEvent, adds into one AddColumnEvent, in
 *       that order; derived AlterColumnTypeEvents carry the old types. EVOLVE and TRY_EVOLVE pass
 *       the incoming event on unchanged.
 *   <li>LENIENT: altering a column the sink lacks adds it; renaming when neither name is in the
 *       sink, or dropping an absent column, changes nothing; a primary-key column is never widened,
 *       renamed away or made nullable (KEY_COLUMN).
 *   <li>A create.table for a table the sink already has is reconciled under EVOLVE, TRY_EVOLVE and
 *       LENIENT (add the missing columns, widen what can be widened) and skipped under IGNORE and
 *       EXCEPTION.
 *   <li>The EXCEPTION message shows the current and the new schema side by side, one line per
 *       column, with "-" for a column (or table) that does not exist.
 *   <li>An empty tag (e.g. {@code ''} in a YAML list) is an unknown tag.
 *   <li>An exclude list that is given but empty still counts as "any exclude list": under LENIENT
 *       it replaces the default exclusion of {@code drop.table} and {@code truncate.table}, so
 *       {@code exclude.schema.changes: []} means "exclude nothing". (Flink CDC treats an empty list
 *       as absent.)
 *   <li>An include list that is given but empty accepts {@code create.table} only.
 *   <li>{@code create.table} is "explicitly excluded" by any exclude tag that stands for it,
 *       families included ({@code create}, {@code table}, {@code all}).
 *   <li>The applier has the last word: a type it refuses through {@code acceptsSchemaEvolutionType}
 *       is filtered out like an excluded one.
 * </ul>
 */
package dev.schemaop.behavior;
