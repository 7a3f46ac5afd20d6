package dev.schemaop.faults.sink;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DefaultDataChangeEventHashFunctionProvider;

/**
 * Flink CDC's default key hashing, except that the n-th hash function asked for fails: the schema
 * operator asks for one per table and schema version, in its task's thread, so this is how a run
 * injects a failure of the schema operator.
 */
final class FaultyHashes implements HashFunctionProvider<DataChangeEvent> {
    private static final long serialVersionUID = 1L;
    private final String storeName;
    private final SinkFaults faults;
    private final DefaultDataChangeEventHashFunctionProvider hashes =
            new DefaultDataChangeEventHashFunctionProvider();

    FaultyHashes(String storeName, SinkFaults faults) {
        this.storeName = storeName;
        this.faults = faults;
    }

    @Override
    public HashFunction<DataChangeEvent> getHashFunction(TableId table, Schema schema) {
        long call = CheckingStore.named(storeName).count("hash functions");
        SinkFaults.failIf(
                faults.hashFunction(),
                call,
                "schema operator asking for a hash function of " + table,
                CheckingStore.named(storeName));
        return hashes.getHashFunction(table, schema);
    }
}
