package dev.schemaop.protocol;

import dev.schemaop.operator.ShapedEventSerializer;

import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.runtime.serializer.schema.SchemaSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.operators.coordination.CoordinationResponse;
import org.apache.flink.streaming.api.operators.collect.CollectCoordinationResponse;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a sink table stands in the registry: the version and schema the sink has ({@code
 * schema == null}: it does not exist, or was dropped), and the steps the registry still keeps
 * after the version asked about, oldest first.
 *
 * <p>It travels as bytes inside Flink's own {@link CollectCoordinationResponse}: a response
 * crosses the JobManager's RPC, which on a cluster deserializes it without the job's classes.
 */
public record SinkTableSnapshot(int version, @Nullable Schema schema, List<SinkSchemaStep> steps) {
    private static final BytePrimitiveArraySerializer BYTES = BytePrimitiveArraySerializer.INSTANCE;

    public CoordinationResponse toResponse() throws IOException {
        DataOutputSerializer payload = new DataOutputSerializer(256);
        payload.writeInt(version);
        payload.writeBoolean(schema != null);
        if (schema != null) {
            SchemaSerializer.INSTANCE.serialize(schema, payload);
        }
        payload.writeInt(steps.size());
        for (SinkSchemaStep step : steps) {
            ShapedEventSerializer.serializeStep(step, payload);
        }
        DataOutputSerializer framed = new DataOutputSerializer(payload.length() + 8);
        BYTES.serialize(payload.getCopyOfBuffer(), framed);
        return new CollectCoordinationResponse("", 0, List.of(framed.getCopyOfBuffer()));
    }

    public static SinkTableSnapshot fromResponse(CoordinationResponse response) throws IOException {
        byte[] payload = ((CollectCoordinationResponse) response).getResults(BYTES).get(0);
        DataInputDeserializer in = new DataInputDeserializer(payload);
        int version = in.readInt();
        Schema schema = in.readBoolean() ? SchemaSerializer.INSTANCE.deserialize(in) : null;
        List<SinkSchemaStep> steps = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            steps.add(ShapedEventSerializer.deserializeStep(in));
        }
        return new SinkTableSnapshot(version, schema, steps);
    }
}
