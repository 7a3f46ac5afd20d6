package dev.schemaop.behavior;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

/**
 * A schema change that {@code pipeline.schema.change.behavior: exception} forbids. The message
 * names the table, shows the sink schema before and after the change side by side, and names the
 * options that would let the change through (SPEC §3, §9).
 */
public class SchemaChangeRejectedException extends RuntimeException {
    private final TableId tableId;
    private final SchemaChangeEvent change;

    SchemaChangeRejectedException(
            SchemaChangeEvent change, @Nullable Schema current, @Nullable Schema afterChange) {
        super(message(change, current, afterChange));
        this.tableId = change.tableId();
        this.change = change;
    }

    /** The sink table the change was addressed to. */
    public TableId tableId() {
        return tableId;
    }

    /** The rejected change. */
    public SchemaChangeEvent change() {
        return change;
    }

    private static String message(
            SchemaChangeEvent change, @Nullable Schema current, @Nullable Schema afterChange) {
        String tag = change.getType().getTag();
        return String.format(
                "Schema change %s of table %s is rejected: pipeline.schema.change.behavior is"
                        + " exception, which applies no schema change but create.table.\n"
                        + "Change: %s\n"
                        + "%s"
                        + "To let it through, set pipeline.schema.change.behavior: evolve (or"
                        + " lenient), or exclude %s in the sink block with"
                        + " exclude.schema.changes: [%s].",
                tag, change.tableId(), change, SideBySide.render(current, afterChange), tag, tag);
    }
}
