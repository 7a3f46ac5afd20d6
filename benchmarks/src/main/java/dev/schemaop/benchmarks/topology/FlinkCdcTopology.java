package dev.schemaop.benchmarks.topology;

import dev.schemaop.benchmarks.sink.CountingDataSink;
import dev.schemaop.protocol.RegistryAddress;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.runtime.operators.schema.regular.SchemaOperatorFactory;
import org.apache.flink.cdc.runtime.operators.sink.DataSinkWriterOperatorFactory;
import org.apache.flink.cdc.runtime.partitioning.EventPartitioner;
import org.apache.flink.cdc.runtime.partitioning.PartitioningEventKeySelector;
import org.apache.flink.cdc.runtime.partitioning.PostPartitionProcessor;
import org.apache.flink.cdc.runtime.partitioning.RegularPrePartitionOperator;
import org.apache.flink.cdc.runtime.typeutils.EventTypeInfo;
import org.apache.flink.cdc.runtime.typeutils.PartitioningEventTypeInfo;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessageTypeInfo;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;
import java.util.List;

/**
 * (b) Apache Flink CDC 3.5.0's regular topology, wired from flink-cdc-runtime as its composer wires
 * it (FlinkPipelineComposer, SchemaOperatorTranslator, PartitioningTranslator, DataSinkTranslator):
 * source -> SchemaOperator (coordinator SchemaCoordinator) -> RegularPrePartitionOperator ->
 * partitionCustom(EventPartitioner) -> PostPartitionProcessor -> DataSinkWriterOperator. No routes,
 * no transforms.
 */
public final class FlinkCdcTopology implements Topology {
    /** The uid its composer gives the schema operator. */
    private static final String SCHEMA_OPERATOR_UID = "$$_schema_operator_$$";

    /** Its default {@code schema-operator.rpc-timeout}. */
    private static final Duration RPC_TIMEOUT = Duration.ofMinutes(3);

    @Override
    public String key() {
        return "b";
    }

    @Override
    public boolean hasBehavior() {
        return true;
    }

    @Override
    public String registryUid() {
        return SCHEMA_OPERATOR_UID;
    }

    @Override
    public void build(StreamExecutionEnvironment env, RunSpec run) {
        int parallelism = run.parallelism();
        OperatorID schemaOperator = RegistryAddress.ofUid(SCHEMA_OPERATOR_UID);
        DataSink sink = new CountingDataSink(run.runId(), run.workload(), false);

        DataStream<Event> events = GeneratorStream.of(env, run);
        DataStream<Event> evolved =
                events.transform(
                                "SchemaOperator",
                                new EventTypeInfo(),
                                new SchemaOperatorFactory(
                                        sink.getMetadataApplier(),
                                        List.of(),
                                        RPC_TIMEOUT,
                                        run.behavior(),
                                        "UTC"))
                        .uid(SCHEMA_OPERATOR_UID)
                        .setParallelism(parallelism);
        DataStream<Event> partitioned =
                evolved.transform(
                                "PrePartition",
                                new PartitioningEventTypeInfo(),
                                new RegularPrePartitionOperator(
                                        schemaOperator,
                                        parallelism,
                                        sink.getDataChangeEventHashFunctionProvider(parallelism)))
                        .setParallelism(parallelism)
                        .partitionCustom(new EventPartitioner(), new PartitioningEventKeySelector())
                        .map(new PostPartitionProcessor(), new EventTypeInfo())
                        .name("PostPartition")
                        .setParallelism(parallelism);
        partitioned
                .transform(
                        "Sink Writer: counting",
                        CommittableMessageTypeInfo.noOutput(),
                        new DataSinkWriterOperatorFactory<>(
                                ((FlinkSinkProvider) sink.getEventSinkProvider()).getSink(),
                                false,
                                schemaOperator))
                .setParallelism(parallelism);
    }
}
