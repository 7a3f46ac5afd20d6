package dev.schemaop.connectors.paimon.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.paimon.catalog.CatalogSettings;

import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.FixedBucketRowKeyExtractor;
import org.apache.paimon.table.sink.StreamTableWrite;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.stream.LongStream;

/**
 * Two writers (sink subtasks, one bucket each) compact at almost every checkpoint, and each
 * checkpoint's files of both are one commit of the job's one committer: one APPEND snapshot per
 * checkpoint, and one COMPACT snapshot when a writer compacted, both under the checkpoint's id.
 * With a committer per writer, as before, their commits raced for each snapshot id, and Paimon
 * 1.3.1 refused a compaction that lost the race ("File deletion conflicts detected"), so the
 * committer had to commit without Paimon's check of appended files; nothing races now.
 */
class CompactionsInOneCommitTest {
    private static final Identifier TABLE = Identifier.create("db", "t");
    private static final String USER = "job-1";
    private static final int CHECKPOINTS = 30;
    private static final int ROWS_PER_CHECKPOINT = 50;

    @TempDir Path warehouse;

    @Test
    void eachCheckpointIsOneCommitAndLosesNothing() throws Exception {
        CatalogSettings settings =
                new CatalogSettings(Map.of("warehouse", warehouse.toUri().toString()));
        FileStoreTable table = createTable(settings);
        TreeSet<Integer> written = new TreeSet<>();
        List<List<WrittenFiles>> writers =
                List.of(write(table, 0, written), write(table, 1, written));
        assertThat(writers.get(0).get(CHECKPOINTS - 1).messages())
                .as("a late checkpoint holds a compaction of earlier files")
                .anySatisfy(
                        message ->
                                assertThat(
                                                ((CommitMessageImpl) message)
                                                        .compactIncrement()
                                                        .compactBefore())
                                        .isNotEmpty());

        try (PaimonCommitter committer = new PaimonCommitter(settings, OptionalLong.empty())) {
            for (int checkpoint = 1; checkpoint <= CHECKPOINTS; checkpoint++) {
                List<WrittenFiles> ofBoth =
                        List.of(
                                writers.get(0).get(checkpoint - 1),
                                writers.get(1).get(checkpoint - 1));
                committer.commit(
                        List.of(
                                new ImmediateCommitRequest(
                                        new PaimonCommittable(TABLE, USER, checkpoint, ofBoth))));
            }
        }

        assertThat(written).hasSize(2 * CHECKPOINTS * ROWS_PER_CHECKPOINT);
        assertThat(readIds(settings)).containsExactlyElementsOf(written);
        List<Snapshot> snapshots = snapshots(settings);
        assertThat(snapshots).allSatisfy(s -> assertThat(s.commitUser()).isEqualTo(USER));
        assertThat(
                        snapshots.stream()
                                .filter(s -> s.commitKind() == Snapshot.CommitKind.APPEND)
                                .map(Snapshot::commitIdentifier))
                .as("one APPEND snapshot per checkpoint")
                .containsExactlyElementsOf(LongStream.rangeClosed(1, CHECKPOINTS).boxed().toList());
        assertThat(snapshots)
                .as("a COMPACT snapshot follows its checkpoint's APPEND one")
                .anySatisfy(s -> assertThat(s.commitKind()).isEqualTo(Snapshot.CommitKind.COMPACT));
        for (int i = 1; i < snapshots.size(); i++) {
            if (snapshots.get(i).commitKind() == Snapshot.CommitKind.COMPACT) {
                assertThat(snapshots.get(i).commitIdentifier())
                        .isEqualTo(snapshots.get(i - 1).commitIdentifier());
            }
        }
    }

    private static FileStoreTable createTable(CatalogSettings settings) throws Exception {
        try (Catalog catalog = settings.open()) {
            catalog.createDatabase("db", true);
            catalog.createTable(
                    TABLE,
                    Schema.newBuilder()
                            .column("id", DataTypes.INT().notNull())
                            .column("v", DataTypes.STRING())
                            .primaryKey("id")
                            .option("bucket", "2")
                            // a compaction at almost every checkpoint
                            .option("num-sorted-run.compaction-trigger", "2")
                            .build(),
                    false);
            return (FileStoreTable) catalog.getTable(TABLE);
        }
    }

    /** One writer of one bucket: its files of each checkpoint, ids of its bucket only. */
    private static List<WrittenFiles> write(
            FileStoreTable table, int bucket, TreeSet<Integer> written) throws Exception {
        FixedBucketRowKeyExtractor buckets = new FixedBucketRowKeyExtractor(table.schema());
        List<WrittenFiles> checkpoints = new ArrayList<>();
        try (StreamTableWrite write =
                table.newStreamWriteBuilder().withCommitUser(USER).newWrite()) {
            int id = 0;
            for (long checkpoint = 1; checkpoint <= CHECKPOINTS; checkpoint++) {
                int inCheckpoint = 0;
                for (; inCheckpoint < ROWS_PER_CHECKPOINT; id++) {
                    GenericRow row = GenericRow.of(id, null);
                    buckets.setRecord(row);
                    if (buckets.bucket() == bucket) {
                        write.write(row);
                        written.add(id);
                        inCheckpoint++;
                    }
                }
                List<CommitMessage> messages = write.prepareCommit(true, checkpoint);
                checkpoints.add(new WrittenFiles(TABLE, table.uuid(), 0, messages));
            }
        }
        return checkpoints;
    }

    private static List<Integer> readIds(CatalogSettings settings) throws Exception {
        List<Integer> ids = new ArrayList<>();
        try (Catalog catalog = settings.open()) {
            ReadBuilder read = catalog.getTable(TABLE).newReadBuilder();
            try (RecordReader<InternalRow> reader =
                    read.newRead().createReader(read.newScan().plan())) {
                reader.forEachRemaining(row -> ids.add(row.getInt(0)));
            }
        }
        ids.sort(Integer::compare);
        return ids;
    }

    private static List<Snapshot> snapshots(CatalogSettings settings) throws Exception {
        List<Snapshot> snapshots = new ArrayList<>();
        try (Catalog catalog = settings.open()) {
            Iterator<Snapshot> all =
                    ((FileStoreTable) catalog.getTable(TABLE)).snapshotManager().snapshots();
            all.forEachRemaining(snapshots::add);
        }
        return snapshots;
    }
}
