package dev.schemaop.registry;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Whether a sink already has a change whose call a failure cut short: the applier may have
 * changed the table and failed (or the JobManager died) before its success was logged. Read
 * from the sink's own description of the table: the change is there when the table looks as it
 * would after the change and not as before. Columns are compared by name and type, nullability
 * aside (sinks describe it in their own ways). A truncate leaves no trace and is made again: it
 * clears only rows that came before it, since the later ones wait for its answer.
 */
final class SinkReadBack {
    private final ExistingTableSchemaExpansionSupport sink;
    private final TableId table;
    @Nullable private final Schema before;
    private final SchemaChangeEvent change;

    SinkReadBack(
            ExistingTableSchemaExpansionSupport sink,
            TableId table,
            @Nullable Schema before,
            SchemaChangeEvent change) {
        this.sink = sink;
        this.table = table;
        this.before = before;
        this.change = change;
    }

    /** Runs on the applier thread: it asks the sink. */
    boolean sinkHasIt() {
        if (change instanceof TruncateTableEvent) {
            return false;
        }
        Schema actual = sink.getExistingTableSchema(table).orElse(null);
        return hasIt(actual, before, ChangePlanner.schemaAfter(before, change));
    }

    static boolean hasIt(@Nullable Schema actual, @Nullable Schema before, @Nullable Schema after) {
        String now = shape(actual);
        return now.equals(shape(after)) && !now.equals(shape(before));
    }

    private static String shape(@Nullable Schema schema) {
        if (schema == null) {
            return "no table";
        }
        List<Column> columns = schema.getColumns();
        return columns.stream()
                .map(c -> c.getName() + " " + c.getType().copy(true).asSerializableString())
                .collect(Collectors.joining(", "));
    }
}
