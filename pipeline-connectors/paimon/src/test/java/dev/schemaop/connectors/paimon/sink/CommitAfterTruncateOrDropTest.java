package dev.schemaop.connectors.paimon.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.paimon.applier.PaimonMetadataApplier;
import dev.schemaop.connectors.paimon.catalog.CatalogSettings;
import dev.schemaop.connectors.paimon.catalog.TableNames;
import dev.schemaop.connectors.paimon.catalog.TableSettings;

import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.common.types.RowType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.memory.HeapMemorySegmentPool;
import org.apache.paimon.memory.MemoryPoolFactory;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A checkpoint's files wait for their commit until the checkpoint completes, and the applier may
 * truncate or drop the table in that time (the change came after the checkpoint's barrier). The
 * files hold rows written before the change: committed afterwards, they would bring those rows
 * back. Here the race is laid out in order: the writer hands its files over, the applier changes
 * the table, and only then does the committer commit.
 */
class CommitAfterTruncateOrDropTest {
    private static final TableId TABLE = TableId.tableId("db", "t");
    private static final Schema SCHEMA =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("v", DataTypes.STRING())
                    .primaryKey("id")
                    .build();

    @TempDir Path warehouse;
    @TempDir Path spill;

    private CatalogSettings settings;
    private PaimonMetadataApplier applier;

    @BeforeEach
    void createTable() throws Exception {
        settings = new CatalogSettings(Map.of("warehouse", warehouse.toUri().toString()));
        applier = new PaimonMetadataApplier(settings, new TableSettings(Map.of(), Map.of()));
        apply(new CreateTableEvent(TABLE, SCHEMA));
    }

    @Test
    void filesWrittenBeforeATruncateStayOutAndLaterOnesGoIn() throws Exception {
        PaimonCommittable beforeTruncate = write("writer-1", 1, 1, 2, 3);
        apply(new TruncateTableEvent(TABLE));
        // The writer's own truncate event comes after the applier's change; it writes on.
        PaimonCommittable afterTruncate = write("writer-1", 2, 3, 10, 11);

        commit(beforeTruncate);
        commit(afterTruncate);

        assertThat(ids()).containsExactly(3, 10, 11);
    }

    @Test
    void withoutATruncateTheWaitingFilesAreCommitted() throws Exception {
        PaimonCommittable first = write("writer-1", 1, 1, 2);
        PaimonCommittable second = write("writer-2", 1, 3);

        commit(first);
        commit(second);

        assertThat(ids()).containsExactly(1, 2, 3);
    }

    @Test
    void filesWrittenForADroppedTableStayOutOfTheTableCreatedUnderItsName() throws Exception {
        PaimonCommittable forTheOldTable = write("writer-1", 1, 1, 2);
        apply(new DropTableEvent(TABLE));
        apply(new CreateTableEvent(TABLE, SCHEMA));
        PaimonCommittable forTheNewTable = write("writer-1", 2, 5);

        commit(forTheOldTable);
        commit(forTheNewTable);

        assertThat(ids()).containsExactly(5);
    }

    private void apply(SchemaChangeEvent event) throws Exception {
        applier.applySchemaChange(event);
    }

    /** A writer of its own (as after a truncate event) that writes these ids and hands over. */
    private PaimonCommittable write(String user, long identifier, int... ids) throws Exception {
        RowType type = (RowType) SCHEMA.toRowDataType();
        BinaryRecordDataGenerator rows = new BinaryRecordDataGenerator(type);
        try (Catalog catalog = settings.open();
                IOManager io = IOManager.create(spill.toString());
                TableWriter writer =
                        new TableWriter(
                                (FileStoreTable) catalog.getTable(TableNames.identifier(TABLE)),
                                SCHEMA,
                                user,
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
            return writer.prepareCommit(TableNames.identifier(TABLE), user, identifier);
        }
    }

    private void commit(PaimonCommittable committable) throws Exception {
        try (PaimonCommitter committer = new PaimonCommitter(settings)) {
            committer.commit(List.of(new ImmediateCommitRequest(committable)));
        }
    }

    private List<Integer> ids() throws Exception {
        List<Integer> ids = new ArrayList<>();
        try (Catalog catalog = settings.open()) {
            ReadBuilder read = catalog.getTable(TableNames.identifier(TABLE)).newReadBuilder();
            try (RecordReader<InternalRow> reader =
                    read.newRead().createReader(read.newScan().plan())) {
                reader.forEachRemaining(row -> ids.add(row.getInt(0)));
            }
        }
        ids.sort(Integer::compare);
        return ids;
    }
}
