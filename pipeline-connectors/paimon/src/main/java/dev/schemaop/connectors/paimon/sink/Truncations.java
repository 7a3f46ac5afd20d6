package dev.schemaop.connectors.paimon.sink;

import org.apache.paimon.CoreOptions;
import org.apache.paimon.Snapshot;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.utils.SnapshotManager;

import java.util.List;
import java.util.Map;

/**
 * The applier's truncates, as snapshots the committers can recognise. A writer's files wait for
 * their commit until their checkpoint completes; a truncate applied in that time must not let them
 * in afterwards (their rows were written before it). Each truncate is an overwrite of the whole
 * table with no files, marked with {@link #PROPERTY}; a committable older than the last marked
 * snapshot is dropped by the committer.
 */
public final class Truncations {
    /** The snapshot property that marks the applier's truncate. */
    public static final String PROPERTY = "schemaop.truncate";

    private static final String COMMIT_USER = "schemaop-truncate";

    private Truncations() {}

    /** Empties the table with one marked overwrite snapshot. */
    public static void truncate(FileStoreTable table) throws Exception {
        // A dynamic partition overwrite with no files would overwrite no partition at all.
        FileStoreTable whole =
                table.copy(Map.of(CoreOptions.DYNAMIC_PARTITION_OVERWRITE.key(), "false"));
        ManifestCommittable truncate = new ManifestCommittable(BatchWriteBuilder.COMMIT_IDENTIFIER);
        truncate.addProperty(PROPERTY, "true");
        try (TableCommitImpl commit = whole.newCommit(COMMIT_USER).withOverwrite(Map.of())) {
            commit.commitMultiple(List.of(truncate), false);
        }
    }

    /**
     * The id of the table's last truncate after snapshot {@code after}, or {@code after} itself
     * when there is none. Snapshots Paimon expired are not looked at (they are kept an hour by
     * default, {@code snapshot.time-retained}).
     */
    static long lastAfter(FileStoreTable table, long after) {
        SnapshotManager snapshots = table.snapshotManager();
        Long latest = snapshots.latestSnapshotId();
        Long earliest = snapshots.earliestSnapshotId();
        if (latest == null || earliest == null) {
            return after;
        }
        for (long id = latest; id > after && id >= earliest; id--) {
            Snapshot snapshot;
            try {
                snapshot = snapshots.snapshot(id);
            } catch (RuntimeException expiredMeanwhile) {
                break;
            }
            Map<String, String> properties = snapshot.properties();
            if (properties != null && properties.containsKey(PROPERTY)) {
                return id;
            }
        }
        return after;
    }

    /** The table's latest snapshot id; 0 for a table without snapshots. */
    static long latestSnapshot(FileStoreTable table) {
        Long latest = table.snapshotManager().latestSnapshotId();
        return latest == null ? 0 : latest;
    }
}
