package dev.schemaop.sink;

import dev.schemaop.operator.ShapedEvent;
import dev.schemaop.operator.ShapedEventSerializer;
import dev.schemaop.protocol.SinkSchemaStep;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Checkpoint bytes of the rows a sink subtask held when a checkpoint came: a format
 * version, the schema versions of their tables (to bring them forward after a restore),
 * then the rows.
 */
final class HeldRowsState {
    private static final int VERSION = 1;

    private HeldRowsState() {}

    static byte[] snapshot(List<ShapedEvent> rows, Map<TableId, SinkTableVersions> tables)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(1024);
        out.writeInt(VERSION);
        Set<TableId> heldTables = new HashSet<>();
        rows.forEach(row -> heldTables.add(row.row().tableId()));
        List<SinkSchemaStep> steps = new ArrayList<>();
        for (TableId table : heldTables) {
            SinkTableVersions versions = tables.get(table);
            if (versions != null) {
                steps.addAll(versions.steps());
            }
        }
        out.writeInt(steps.size());
        for (SinkSchemaStep step : steps) {
            ShapedEventSerializer.serializeStep(step, out);
        }
        out.writeInt(rows.size());
        for (ShapedEvent row : rows) {
            ShapedEventSerializer.INSTANCE.serialize(row, out);
        }
        return out.getCopyOfBuffer();
    }

    static void restore(
            byte[] bytes,
            Function<TableId, SinkTableVersions> versionsOf,
            Map<TableId, List<ShapedEvent>> rowsByTable)
            throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        int version = in.readInt();
        if (version != VERSION) {
            throw new IOException("Unknown held-rows state version " + version + "; this build reads " + VERSION);
        }
        for (int i = in.readInt(); i > 0; i--) {
            SinkSchemaStep step = ShapedEventSerializer.deserializeStep(in);
            versionsOf.apply(step.table()).remember(step);
        }
        for (int i = in.readInt(); i > 0; i--) {
            ShapedEvent row = ShapedEventSerializer.INSTANCE.deserialize(in);
            rowsByTable.computeIfAbsent(row.row().tableId(), t -> new ArrayList<>()).add(row);
        }
        if (in.available() > 0) {
            throw new IOException(in.available() + " unexpected trailing bytes in held-rows state");
        }
    }
}
