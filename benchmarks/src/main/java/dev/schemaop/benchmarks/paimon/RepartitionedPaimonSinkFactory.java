package dev.schemaop.benchmarks.paimon;

import dev.schemaop.connectors.paimon.PaimonDataSinkFactory;
import dev.schemaop.connectors.paimon.sink.PaimonSink;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

/**
 * {@code sink: type: paimon-repartitioned}, benchmarks only: the Paimon sink with its options, its
 * writer behind {@link RepartitionedPaimonSink}'s pre-write topology.
 */
public final class RepartitionedPaimonSinkFactory extends PaimonDataSinkFactory {
    public static final String IDENTIFIER = "paimon-repartitioned";

    @Override
    public DataSink createDataSink(Context context) {
        DataSink paimon = super.createDataSink(context);
        return new DataSink() {
            @Override
            public EventSinkProvider getEventSinkProvider() {
                PaimonSink sink =
                        (PaimonSink) ((FlinkSinkProvider) paimon.getEventSinkProvider()).getSink();
                return FlinkSinkProvider.of(new RepartitionedPaimonSink(sink));
            }

            @Override
            public MetadataApplier getMetadataApplier() {
                return paimon.getMetadataApplier();
            }

            @Override
            public HashFunctionProvider<DataChangeEvent> getDataChangeEventHashFunctionProvider(
                    int parallelism) {
                return paimon.getDataChangeEventHashFunctionProvider(parallelism);
            }
        };
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }
}
