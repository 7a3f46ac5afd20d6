package dev.schemaop.protocol;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;

import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.operators.coordination.CoordinationResponse;
import org.apache.flink.streaming.api.operators.collect.CollectCoordinationResponse;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.List;

/**
 * Where a sink table stands in the registry: the version and schema the sink has ({@code schema ==
 * null}: it does not exist, or was dropped), and the steps the registry still keeps after the
 * version asked about, oldest first.
 *
 * <p>It travels as bytes inside Flink's own {@link CollectCoordinationResponse}: a response crosses
 * the JobManager's RPC, which on a cluster deserializes it without the job's classes.
 */
public record SinkTableSnapshot(int version, @Nullable Schema schema, List<SinkSchemaStep> steps) {
    private static final BytePrimitiveArraySerializer BYTES = BytePrimitiveArraySerializer.INSTANCE;

    public CoordinationResponse toResponse() throws IOException {
        DataOutputSerializer payload = new DataOutputSerializer(256);
        new DataWriter(payload)
                .intValue(version)
                .nullableSchema(schema)
                .list(steps, SinkSchemaStepCodec::write);
        DataOutputSerializer framed = new DataOutputSerializer(payload.length() + 8);
        BYTES.serialize(payload.getCopyOfBuffer(), framed);
        return new CollectCoordinationResponse("", 0, List.of(framed.getCopyOfBuffer()));
    }

    public static SinkTableSnapshot fromResponse(CoordinationResponse response) throws IOException {
        byte[] payload = ((CollectCoordinationResponse) response).getResults(BYTES).get(0);
        DataReader reader = new DataReader(new DataInputDeserializer(payload));
        return new SinkTableSnapshot(
                reader.intValue(), reader.nullableSchema(), reader.list(SinkSchemaStepCodec::read));
    }
}
