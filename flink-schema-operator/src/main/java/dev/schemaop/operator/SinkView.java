package dev.schemaop.operator;

import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

/**
 * What one schema operator subtask knows of one sink table: the schema version its rows are shaped
 * onto; normally the newest it was told about, an older one while the subtask replays a table's
 * history.
 */
final class SinkView {
    final TableId table;
    int version;
    @Nullable Schema schema;

    /**
     * Whether this run already sent the version down every channel. A view restored from a
     * checkpoint is announced again (as a reset step) before its first row, because the sink
     * writers after a restore start without any schema.
     */
    boolean announced;

    /** Whether rows were sent to this table since the subtask's last flush marker. */
    boolean unflushed;

    /** The marker sent after the newest row sent to this table, or NO_FLUSH if none was sent. */
    long rowsFlushedBy = SchemaChangeRequest.NO_FLUSH;

    SinkView(TableId table, int version, @Nullable Schema schema, boolean announced) {
        this.table = table;
        this.version = version;
        this.schema = schema;
        this.announced = announced;
    }

    void moveTo(SinkSchemaStep step) {
        version = step.version();
        schema = step.schemaAfter();
        announced = true;
    }

    SinkSchemaStep asReset() {
        return SinkSchemaStep.reset(table, version, schema);
    }
}
