package dev.schemaop.connectors.paimon.sink;

import dev.schemaop.connectors.paimon.applier.PaimonMetadataApplier;
import dev.schemaop.connectors.paimon.catalog.CatalogSettings;
import dev.schemaop.connectors.paimon.catalog.TableNames;
import dev.schemaop.connectors.paimon.catalog.TableSettings;

import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.common.types.RowType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.memory.HeapMemorySegmentPool;
import org.apache.paimon.memory.MemoryPoolFactory;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A filesystem warehouse for the sink's tests, with one primary-key table {@code db.t (id INT, v
 * STRING)} changed through the sink's applier, written through the sink's {@link TableWriter} and
 * read back with Paimon's reader.
 */
final class TestWarehouse {
    static final TableId TABLE = TableId.tableId("db", "t");
    static final Identifier PAIMON_TABLE = TableNames.identifier(TABLE);
    static final Schema SCHEMA =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("v", DataTypes.STRING())
                    .primaryKey("id")
                    .build();

    private final CatalogSettings settings;
    private final Path spill;
    private final PaimonMetadataApplier applier;

    TestWarehouse(Path warehouse, Path spill) {
        this.settings = new CatalogSettings(Map.of("warehouse", warehouse.toUri().toString()));
        this.spill = spill;
        this.applier = new PaimonMetadataApplier(settings, new TableSettings(Map.of(), Map.of()));
    }

    CatalogSettings settings() {
        return settings;
    }

    void apply(SchemaChangeEvent event) throws Exception {
        applier.applySchemaChange(event);
    }

    /**
     * A writer of its own (a subtask, or one after a truncate event) that writes these ids and
     * hands its files over.
     */
    WrittenFiles write(String commitUser, long identifier, int... ids) throws Exception {
        BinaryRecordDataGenerator rows =
                new BinaryRecordDataGenerator((RowType) SCHEMA.toRowDataType());
        try (Catalog catalog = settings.open();
                IOManager io = IOManager.create(spill.toString());
                TableWriter writer =
                        new TableWriter(
                                (FileStoreTable) catalog.getTable(PAIMON_TABLE),
                                SCHEMA,
                                commitUser,
                                io,
                                new MemoryPoolFactory(new HeapMemorySegmentPool(8 << 20, 32 << 10)),
                                true,
                                List.of())) {
            for (int id : ids) {
                writer.write(
                        DataChangeEvent.insertEvent(
                                TABLE,
                                rows.generate(
                                        new Object[] {id, BinaryStringData.fromString("v" + id)})));
            }
            return writer.prepareCommit(PAIMON_TABLE, identifier);
        }
    }

    /** The table's ids, sorted. */
    List<Integer> ids() throws Exception {
        List<Integer> ids = new ArrayList<>();
        try (Catalog catalog = settings.open()) {
            ReadBuilder read = catalog.getTable(PAIMON_TABLE).newReadBuilder();
            try (RecordReader<InternalRow> reader =
                    read.newRead().createReader(read.newScan().plan())) {
                reader.forEachRemaining(row -> ids.add(row.getInt(0)));
            }
        }
        ids.sort(Integer::compare);
        return ids;
    }

    /** Every snapshot of the table, oldest first, each as "KIND user identifier". */
    List<String> snapshots() throws Exception {
        List<String> snapshots = new ArrayList<>();
        try (Catalog catalog = settings.open()) {
            FileStoreTable table = (FileStoreTable) catalog.getTable(PAIMON_TABLE);
            Iterator<Snapshot> all = table.snapshotManager().snapshots();
            while (all.hasNext()) {
                Snapshot snapshot = all.next();
                snapshots.add(
                        snapshot.commitKind()
                                + " "
                                + snapshot.commitUser()
                                + " "
                                + snapshot.commitIdentifier());
            }
        }
        return snapshots;
    }
}
