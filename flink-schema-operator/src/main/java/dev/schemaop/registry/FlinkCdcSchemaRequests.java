package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.runtime.operators.schema.common.event.GetEvolvedSchemaRequest;
import org.apache.flink.cdc.runtime.operators.schema.common.event.GetEvolvedSchemaResponse;
import org.apache.flink.cdc.runtime.operators.schema.common.event.GetOriginalSchemaRequest;
import org.apache.flink.cdc.runtime.operators.schema.common.event.GetOriginalSchemaResponse;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.operators.coordination.CoordinationRequest;
import org.apache.flink.runtime.operators.coordination.CoordinationResponse;
import org.apache.flink.streaming.api.operators.collect.CollectCoordinationResponse;
import org.apache.flink.util.InstantiationUtil;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.List;

/**
 * Apache Flink CDC's own questions to its schema coordinator, which connectors written for it ask
 * through {@code SchemaEvolutionClient} (a repartitioning pre-write topology learns a table's
 * schema so after a restore): the evolved schema of a sink table, the original schema of an
 * upstream table. Only the latest schema is kept, as only the latest is asked for ({@code
 * ofLatestSchema}).
 *
 * <p>The client unwraps the answer from a {@link CollectCoordinationResponse} holding the answer
 * Java-serialized behind its length, so it is sent in that form.
 */
final class FlinkCdcSchemaRequests {
    private FlinkCdcSchemaRequests() {}

    static boolean isOne(CoordinationRequest request) {
        return request instanceof GetEvolvedSchemaRequest
                || request instanceof GetOriginalSchemaRequest;
    }

    /** The answer from the registry's state. */
    static CoordinationResponse answer(CoordinationRequest request, RegistryState state)
            throws IOException {
        if (request instanceof GetEvolvedSchemaRequest evolved) {
            latestOnly(evolved.getSchemaVersion(), evolved.getTableId());
            SinkTableState sink = state.sinks.get(evolved.getTableId());
            return wrap(new GetEvolvedSchemaResponse(sink == null ? null : sink.schema));
        }
        GetOriginalSchemaRequest original = (GetOriginalSchemaRequest) request;
        latestOnly(original.getSchemaVersion(), original.getTableId());
        @Nullable Schema upstream = state.upstreamOf(original.getTableId());
        return wrap(new GetOriginalSchemaResponse(upstream));
    }

    private static void latestOnly(int version, TableId table) {
        if (version != GetEvolvedSchemaRequest.LATEST_SCHEMA_VERSION) {
            throw new IllegalArgumentException(
                    "A connector asked the schema registry for version "
                            + version
                            + " of the schema of "
                            + table
                            + "; flink-schema-operator keeps only the latest one.");
        }
    }

    private static CoordinationResponse wrap(CoordinationResponse response) throws IOException {
        byte[] serialized = InstantiationUtil.serializeObject(response);
        DataOutputSerializer framed = new DataOutputSerializer(serialized.length + 4);
        framed.writeInt(serialized.length);
        framed.write(serialized);
        return new CollectCoordinationResponse("", 0, List.of(framed.getCopyOfBuffer()));
    }
}
