package dev.schemaop.connectors.paimon.sink;

import dev.schemaop.connectors.paimon.catalog.CatalogSettings;
import dev.schemaop.connectors.paimon.catalog.TableNames;
import dev.schemaop.connectors.paimon.types.RowConverter;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.OperationType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DefaultDataChangeEventHashFunctionProvider;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.ChannelComputer;
import org.apache.paimon.table.sink.FixedBucketRowKeyExtractor;
import org.apache.paimon.types.RowKind;

/**
 * Chooses each row's sink subtask by its Paimon bucket, as Paimon's own Flink sink does: a bucket
 * of a primary-key table is written by one writer only (two writers of one bucket would each
 * compact its files). Rows of an append table, or of a table the catalog does not have yet, go by
 * the runtime's default (table and key).
 */
public final class BucketHashFunctionProvider implements HashFunctionProvider<DataChangeEvent> {
    private static final long serialVersionUID = 1L;

    private final CatalogSettings settings;
    private final int channels;
    private final DefaultDataChangeEventHashFunctionProvider fallback =
            new DefaultDataChangeEventHashFunctionProvider();

    public BucketHashFunctionProvider(CatalogSettings settings, int channels) {
        this.settings = settings;
        this.channels = channels;
    }

    @Override
    public HashFunction<DataChangeEvent> getHashFunction(TableId tableId, Schema schema) {
        // Asked once per table and schema version: a catalog of its own each time, closed again.
        FileStoreTable table;
        boolean caseSensitive;
        try (Catalog catalog = settings.open()) {
            caseSensitive = catalog.caseSensitive();
            table = (FileStoreTable) catalog.getTable(TableNames.identifier(tableId));
        } catch (Catalog.TableNotExistException missing) {
            return fallback.getHashFunction(tableId, schema);
        } catch (Exception e) {
            throw new IllegalStateException(
                    "The Paimon sink could not read table " + tableId + " (" + settings + ")", e);
        }
        if (table.bucketMode() != BucketMode.HASH_FIXED) {
            return fallback.getHashFunction(tableId, schema);
        }
        RowConverter rows = new RowConverter(schema, table.schema().fields(), caseSensitive);
        FixedBucketRowKeyExtractor buckets = new FixedBucketRowKeyExtractor(table.schema());
        return event -> {
            buckets.setRecord(
                    rows.convert(
                            event.op() == OperationType.DELETE ? event.before() : event.after(),
                            RowKind.INSERT));
            return ChannelComputer.select(buckets.partition(), buckets.bucket(), channels);
        };
    }
}
