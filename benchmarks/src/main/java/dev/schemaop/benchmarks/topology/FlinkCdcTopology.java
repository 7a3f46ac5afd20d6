package dev.schemaop.benchmarks.topology;

import dev.schemaop.benchmarks.sink.CountingDataSink;
import dev.schemaop.protocol.RegistryAddress;

import org.apache.flink.api.connector.sink2.Sink;
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
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;
import java.util.List;

/**
 * (b) Apache Flink CDC 3.5.0's regular topology, wired from flink-cdc-runtime as its composer wires
 * it (FlinkPipelineComposer, SchemaOperatorTranslator, PartitioningTranslator, DataSinkTranslator):
 * source -> SchemaOperator (coordinator SchemaCoordinator) -> RegularPrePartitionOperator ->
 * partitionCustom(EventPartitioner) -> PostPartitionProcessor -> DataSinkWriterOperator. No routes,
 * no transforms. (b-r) the same into the counting sink behind its repartitioning pre-write
 * topology, which Flink CDC's DataSinkTranslator puts between the PostPartitionProcessor and the
 * writer (issue 25: what the topology costs Apache Flink CDC's runtime).
 */
public final class FlinkCdcTopology implements Topology {
    /** The uid its composer gives the schema operator. */
    private static final String SCHEMA_OPERATOR_UID = "$$_schema_operator_$$";

    /** Its default {@code schema-operator.rpc-timeout}. */
    private static final Duration RPC_TIMEOUT = Duration.ofMinutes(3);

    private final boolean repartitioned;

    /**
     * @param repartitioned the counting sink behind its repartitioning pre-write topology
     */
    public FlinkCdcTopology(boolean repartitioned) {
        this.repartitioned = repartitioned;
    }

    @Override
    public String key() {
        return repartitioned ? "b-r" : "b";
    }

    /**
     * (b-r) at parallelism 1 only: at 2, each schema operator's first CreateTableEvent waited for
     * its flush until the RPC timed out (3 minutes), in every job. The topology aligns flushes the
     * way its author read Flink CDC's Paimon sink to, and it runs behind this project's runtime at
     * parallelism 1 to 4; whether it or Flink CDC's runtime is at fault there was not looked into
     * (Flink CDC's own Paimon sink jar, which would tell, is not on Maven Central).
     */
    @Override
    public boolean runsAt(int parallelism) {
        return !repartitioned || parallelism == 1;
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
    @SuppressWarnings("unchecked")
    public void build(StreamExecutionEnvironment env, RunSpec run) {
        int parallelism = run.parallelism();
        OperatorID schemaOperator = RegistryAddress.ofUid(SCHEMA_OPERATOR_UID);
        DataSink sink = new CountingDataSink(run.runId(), run.workload(), repartitioned);
        Sink<Event> writer = ((FlinkSinkProvider) sink.getEventSinkProvider()).getSink();

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
        DataStream<Event> writerInput =
                writer instanceof SupportsPreWriteTopology<?>
                        ? ((SupportsPreWriteTopology<Event>) writer)
                                .addPreWriteTopology(partitioned)
                        : partitioned;
        writerInput
                .transform(
                        "Sink Writer: counting",
                        CommittableMessageTypeInfo.noOutput(),
                        new DataSinkWriterOperatorFactory<>(writer, false, schemaOperator))
                .setParallelism(parallelism);
    }
}
