package dev.schemaop.connectors.paimon.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.paimon.catalog.CatalogSettings;

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
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Every sink subtask has its own committer, so at each checkpoint two committers commit into one
 * table at the same moment, each with its own commit user and buckets. Paimon resolves the race by
 * trying again on the newer snapshot; each commit here also carries a compaction (its delete of
 * earlier files is what a wrong conflict check refuses).
 */
class ConcurrentCommittersTest {
    private static final Identifier TABLE = Identifier.create("db", "t");
    private static final int ROUNDS = 30;
    private static final int ROWS_PER_ROUND = 50;

    @TempDir Path warehouse;

    @Test
    void twoCommittersCommittingAtOnceWithCompactionsLoseNothing() throws Exception {
        CatalogSettings settings =
                new CatalogSettings(Map.of("warehouse", warehouse.toUri().toString()));
        FileStoreTable table = createTable(settings);
        TreeSet<Integer> written = new TreeSet<>();
        List<List<PaimonCommittable>> rounds =
                List.of(writeRounds(table, 0, written), writeRounds(table, 1, written));
        assertThat(rounds.get(0).get(ROUNDS - 1).messages())
                .as("a late commit holds a compaction of earlier files")
                .anySatisfy(
                        message ->
                                assertThat(
                                                ((CommitMessageImpl) message)
                                                        .compactIncrement()
                                                        .compactBefore())
                                        .isNotEmpty());

        ExecutorService threads = Executors.newFixedThreadPool(2);
        CyclicBarrier together = new CyclicBarrier(2);
        try {
            List<Future<?>> committers = new ArrayList<>();
            for (List<PaimonCommittable> ofOneWriter : rounds) {
                committers.add(threads.submit(() -> commitInStep(settings, ofOneWriter, together)));
            }
            for (Future<?> committer : committers) {
                committer.get(5, TimeUnit.MINUTES);
            }
        } finally {
            threads.shutdownNow();
        }

        assertThat(written).hasSize(2 * ROUNDS * ROWS_PER_ROUND);
        assertThat(readIds(settings)).containsExactlyElementsOf(written);
    }

    /** Commits each round when the other committer commits its own: a race every time. */
    private static Void commitInStep(
            CatalogSettings settings, List<PaimonCommittable> rounds, CyclicBarrier together)
            throws Exception {
        try (PaimonCommitter committer = new PaimonCommitter(settings)) {
            for (PaimonCommittable committable : rounds) {
                together.await(1, TimeUnit.MINUTES);
                committer.commit(List.of(new ImmediateCommitRequest(committable)));
            }
        } catch (Exception e) {
            together.reset(); // the other committer stops waiting
            throw e;
        }
        return null;
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
                            // a compaction at almost every commit
                            .option("num-sorted-run.compaction-trigger", "2")
                            .build(),
                    false);
            return (FileStoreTable) catalog.getTable(TABLE);
        }
    }

    /** One writer (commit user) of one bucket: a committable per round, ids of its bucket only. */
    private static List<PaimonCommittable> writeRounds(
            FileStoreTable table, int bucket, TreeSet<Integer> written) throws Exception {
        String user = "writer-of-bucket-" + bucket;
        FixedBucketRowKeyExtractor buckets = new FixedBucketRowKeyExtractor(table.schema());
        List<PaimonCommittable> committables = new ArrayList<>();
        try (StreamTableWrite write =
                table.newStreamWriteBuilder().withCommitUser(user).newWrite()) {
            int id = 0;
            for (long round = 1; round <= ROUNDS; round++) {
                int inRound = 0;
                for (; inRound < ROWS_PER_ROUND; id++) {
                    GenericRow row = GenericRow.of(id, null);
                    buckets.setRecord(row);
                    if (buckets.bucket() == bucket) {
                        write.write(row);
                        written.add(id);
                        inRound++;
                    }
                }
                List<CommitMessage> messages = write.prepareCommit(true, round);
                committables.add(
                        new PaimonCommittable(TABLE, table.uuid(), 0, user, round, messages));
            }
        }
        return committables;
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
}
