package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

/**
 * Which upstream change a log record is about and where it leads upstream: shared by the intent
 * written before a change's first applier call and the completed change written after its last.
 *
 * @param sequence the registry's number of the change, one more than the last completed one
 * @param table the upstream table that changed
 * @param position the change's position among the table's changes (SchemaChangeRequest#position)
 * @param reportedFingerprint the fingerprint of the schema the reporting subtask had after the
 *     change (Mark#fingerprint): what a later report of the position must lead to
 * @param schemaAfter the upstream table's schema after the change; {@code null} once the table was
 *     dropped upstream
 * @param ordinal the truncate/drop ordinal handled, 0 for other changes
 */
record UpstreamChange(
        long sequence,
        TableId table,
        int position,
        long reportedFingerprint,
        @Nullable Schema schemaAfter,
        int ordinal) {}
