package dev.schemaop.benchmarks.paimon;

import dev.schemaop.benchmarks.topology.Topology;
import dev.schemaop.benchmarks.workload.TableShape;

import org.apache.flink.cdc.common.schema.Column;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;

import java.nio.file.Path;
import java.util.BitSet;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** The W7 warehouse through Paimon's own API: the baseline's tables and job, and the checks. */
public final class PaimonBaseline implements AutoCloseable {
    private final Path warehouse;
    private final Catalog catalog;

    public PaimonBaseline(Path warehouse) {
        this.warehouse = warehouse;
        catalog =
                CatalogFactory.createCatalog(
                        CatalogContext.create(
                                Options.fromMap(
                                        Map.of(
                                                "warehouse",
                                                warehouse.toUri().toString(),
                                                "cache-enabled",
                                                "false"))));
    }

    public Path warehouse() {
        return warehouse;
    }

    /**
     * A new table of W1's shape and the job that writes the workload into it with Paimon's sink.
     */
    public Topology topology(Identifier id, int buckets) throws Exception {
        return new PaimonFlinkSinkTopology(createW1Shape(id, buckets));
    }

    /** W1's table shape (id BIGINT key, nine columns) as a Paimon table of fixed buckets. */
    private FileStoreTable createW1Shape(Identifier id, int buckets) throws Exception {
        Schema.Builder schema = Schema.newBuilder();
        for (Column column : TableShape.initialSchema().getColumns()) {
            schema.column(column.getName(), paimonType(column.getType()));
        }
        catalog.createDatabase(id.getDatabaseName(), true);
        catalog.createTable(
                id,
                schema.primaryKey("id").options(Map.of("bucket", String.valueOf(buckets))).build(),
                false);
        return table(id);
    }

    private static DataType paimonType(org.apache.flink.cdc.common.types.DataType type) {
        switch (type.getTypeRoot()) {
            case BIGINT:
                return type.isNullable() ? DataTypes.BIGINT() : DataTypes.BIGINT().notNull();
            case INTEGER:
                return DataTypes.INT();
            case DOUBLE:
                return DataTypes.DOUBLE();
            case VARCHAR:
                return DataTypes.STRING();
            default:
                throw new IllegalArgumentException("Not in W1's shape: " + type);
        }
    }

    private FileStoreTable table(Identifier id) throws Exception {
        return (FileStoreTable) catalog.getTable(id);
    }

    /**
     * How many of the ids 0 to {@code expected - 1} the table's latest snapshot holds, when it
     * holds {@code expected} rows; minus the row count otherwise.
     */
    public long countDistinctIds(Identifier id, long expected) throws Exception {
        FileStoreTable table = table(id);
        ReadBuilder read = table.newReadBuilder().withProjection(new int[] {0});
        AtomicLong rows = new AtomicLong();
        BitSet seen = new BitSet((int) expected);
        try (RecordReader<InternalRow> reader =
                read.newRead().createReader(read.newScan().plan())) {
            reader.forEachRemaining(
                    row -> {
                        rows.incrementAndGet();
                        long key = row.getLong(0);
                        if (key >= 0 && key < expected) {
                            seen.set((int) key);
                        }
                    });
        }
        return rows.get() == expected ? seen.cardinality() : -rows.get();
    }

    public int columns(Identifier id) throws Exception {
        return table(id).schema().fields().size();
    }

    @Override
    public void close() throws Exception {
        catalog.close();
    }
}
