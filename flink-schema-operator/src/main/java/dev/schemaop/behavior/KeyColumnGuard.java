package dev.schemaop.behavior;

import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Set;

/**
 * No behavior leaves a primary key column of a sink table that the rows no longer fill (SPEC §7,
 * "Key columns"). Decided before anything is applied, so that a refusal changes nothing:
 *
 * <ul>
 *   <li>A dropped key column: the rows no longer carry its value, and none can be made up for new
 *       rows; under EVOLVE and TRY_EVOLVE dropping it from the sink would leave the writers a key
 *       Flink CDC's events cannot replace. Refused under every behavior (decision: the SPEC's "rows
 *       carry it on" has no value to carry for rows written after the drop).
 *   <li>A renamed key column under EVOLVE and TRY_EVOLVE (when rename.column is accepted): the sink
 *       would rename it, and writers, which follow schema changes as Flink CDC's SchemaUtils does,
 *       keep the old key name. Refused. Under LENIENT and IGNORE, or when the rename is not
 *       accepted, the sink keeps the key column and the rows fill it from the new name.
 * </ul>
 *
 * EXCEPTION rejects every such change it accepts anyway, with its own message; one the filters keep
 * from it is checked here like under any behavior.
 */
final class KeyColumnGuard {
    private KeyColumnGuard() {}

    static void check(
            SchemaChangeEvent change,
            TableId sinkTable,
            @Nullable Schema sink,
            SchemaChangeBehavior behavior,
            Set<SchemaChangeEventType> accepted) {
        if (sink == null
                || (behavior == SchemaChangeBehavior.EXCEPTION
                        && accepted.contains(change.getType()))) {
            return; // EXCEPTION rejects it with its own message
        }
        List<String> keys = sink.primaryKeys();
        if (change instanceof DropColumnEvent drop) {
            List<String> dropped =
                    drop.getDroppedColumnNames().stream().filter(keys::contains).toList();
            if (!dropped.isEmpty()) {
                throw SchemaChangeRejectedException.keyColumns(
                        change,
                        sinkTable,
                        keys,
                        String.format(
                                "it drops the key column%s %s, and rows without %s cannot be"
                                        + " written to the sink table (its key)",
                                dropped.size() == 1 ? "" : "s",
                                String.join(", ", dropped),
                                dropped.size() == 1 ? "it" : "them"));
            }
        } else if (change instanceof RenameColumnEvent rename
                && followsRenames(behavior, accepted)) {
            List<String> renamed =
                    rename.getNameMapping().keySet().stream().filter(keys::contains).toList();
            if (!renamed.isEmpty()) {
                throw SchemaChangeRejectedException.keyColumns(
                        change,
                        sinkTable,
                        keys,
                        String.format(
                                "it renames the key column%s %s, and the sink's writers cannot"
                                        + " follow a renamed key (schema change events carry no"
                                        + " key). schema.change.behavior: lenient keeps the key"
                                        + " column, fills it from the new name and adds the new"
                                        + " name as a column",
                                renamed.size() == 1 ? "" : "s", String.join(", ", renamed)));
            }
        }
    }

    private static boolean followsRenames(
            SchemaChangeBehavior behavior, Set<SchemaChangeEventType> accepted) {
        return (behavior == SchemaChangeBehavior.EVOLVE
                        || behavior == SchemaChangeBehavior.TRY_EVOLVE)
                && accepted.contains(SchemaChangeEventType.RENAME_COLUMN);
    }
}
