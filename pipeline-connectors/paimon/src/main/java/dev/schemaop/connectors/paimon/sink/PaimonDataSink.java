package dev.schemaop.connectors.paimon.sink;

import dev.schemaop.connectors.paimon.applier.PaimonMetadataApplier;
import dev.schemaop.connectors.paimon.catalog.CatalogSettings;
import dev.schemaop.connectors.paimon.catalog.TableSettings;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

/** The Paimon {@link DataSink}: a {@link PaimonSink}, its applier and its bucket routing. */
public class PaimonDataSink implements DataSink {
    private final CatalogSettings catalog;
    private final TableSettings tables;
    private final String commitUserPrefix;

    public PaimonDataSink(CatalogSettings catalog, TableSettings tables, String commitUserPrefix) {
        this.catalog = catalog;
        this.tables = tables;
        this.commitUserPrefix = commitUserPrefix;
    }

    @Override
    public EventSinkProvider getEventSinkProvider() {
        return FlinkSinkProvider.of(new PaimonSink(catalog, commitUserPrefix));
    }

    @Override
    public MetadataApplier getMetadataApplier() {
        return new PaimonMetadataApplier(catalog, tables);
    }

    @Override
    public HashFunctionProvider<DataChangeEvent> getDataChangeEventHashFunctionProvider(
            int parallelism) {
        return new BucketHashFunctionProvider(catalog, parallelism);
    }

    @Override
    public String toString() {
        return "PaimonDataSink{" + catalog + "}";
    }
}
