package dev.schemaop.protocol;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;

import java.io.IOException;

/** The binary form of a {@link SinkSchemaStep}, on the data channel and in checkpoints. */
public final class SinkSchemaStepCodec {
    private SinkSchemaStepCodec() {}

    public static void write(DataWriter writer, SinkSchemaStep step) throws IOException {
        writer.table(step.table()).intValue(step.version());
        writer.nullableList(step.events(), DataWriter::event);
        writer.nullableSchema(step.schemaAfter());
    }

    public static SinkSchemaStep read(DataReader reader) throws IOException {
        return new SinkSchemaStep(
                reader.table(),
                reader.intValue(),
                reader.nullableList(r -> (SchemaChangeEvent) r.event()),
                reader.nullableSchema());
    }
}
