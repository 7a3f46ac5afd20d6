/**
 * Per-event-type control (SPEC §4): which schema change types reach the sink, and the
 * {@code pipeline.schema.change.behavior} option (SPEC §3).
 *
 * <p>Decisions where the SPEC is silent:
 *
 * <ul>
 *   <li>An empty tag (e.g. {@code ''} in a YAML list) is an unknown tag.
 *   <li>An exclude list that is given but empty still counts as "any exclude list": under
 *       LENIENT it replaces the default exclusion of {@code drop.table} and
 *       {@code truncate.table}, so {@code exclude.schema.changes: []} means "exclude nothing".
 *       (Flink CDC treats an empty list as absent.)
 *   <li>An include list that is given but empty accepts {@code create.table} only.
 *   <li>{@code create.table} is "explicitly excluded" by any exclude tag that stands for it,
 *       families included ({@code create}, {@code table}, {@code all}).
 * </ul>
 */
package dev.schemaop.filter;
