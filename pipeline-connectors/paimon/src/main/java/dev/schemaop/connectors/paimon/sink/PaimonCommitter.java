package dev.schemaop.connectors.paimon.sink;

import dev.schemaop.connectors.paimon.catalog.CatalogSettings;

import org.apache.flink.api.connector.sink2.Committer;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Commits the writers' files once their checkpoint completed, with Paimon's {@code
 * filterAndCommitMultiple}: a committable Paimon already has (committed before a failover, restored
 * from the checkpoint and handed over again) is recognised by its commit user and identifier and
 * skipped, so each file reaches the table exactly once. Files written before the table was
 * truncated or dropped are left out. The table is read from the catalog for every commit: its
 * schema may have changed since the files were written (Paimon reads each file with the schema it
 * was written with).
 */
final class PaimonCommitter implements Committer<PaimonCommittable> {
    private static final Logger LOG = LoggerFactory.getLogger(PaimonCommitter.class);

    private final CatalogSettings settings;
    private Catalog catalog;

    PaimonCommitter(CatalogSettings settings) {
        this.settings = settings;
    }

    @Override
    public void commit(Collection<CommitRequest<PaimonCommittable>> requests) throws IOException {
        Map<Identifier, List<PaimonCommittable>> byTable = new LinkedHashMap<>();
        for (CommitRequest<PaimonCommittable> request : requests) {
            PaimonCommittable committable = request.getCommittable();
            byTable.computeIfAbsent(committable.table(), t -> new ArrayList<>()).add(committable);
        }
        for (Map.Entry<Identifier, List<PaimonCommittable>> table : byTable.entrySet()) {
            try {
                commit(table.getKey(), table.getValue());
            } catch (IOException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(
                        "The Paimon sink could not commit to "
                                + table.getKey()
                                + " ("
                                + settings
                                + ")",
                        e);
            }
        }
    }

    private void commit(Identifier id, List<PaimonCommittable> committables) throws Exception {
        FileStoreTable table;
        try {
            table = (FileStoreTable) catalog().getTable(id);
        } catch (Catalog.TableNotExistException dropped) {
            LOG.info(
                    "Paimon table {} was dropped after its rows were written: its files are not"
                            + " committed",
                    id);
            return;
        }
        Map<String, TreeMap<Long, List<CommitMessage>>> byUser = new LinkedHashMap<>();
        for (PaimonCommittable committable : stillWanted(table, id, committables)) {
            byUser.computeIfAbsent(committable.commitUser(), u -> new TreeMap<>())
                    .computeIfAbsent(committable.identifier(), i -> new ArrayList<>())
                    .addAll(committable.messages());
        }
        for (Map.Entry<String, TreeMap<Long, List<CommitMessage>>> user : byUser.entrySet()) {
            try (TableCommitImpl commit = table.newCommit(user.getKey())) {
                // Without Paimon's check of appended files before the commit: when that check
                // ran, a commit that lost the race for its snapshot id to another subtask's
                // committer checks its compaction again against nothing but the other's files,
                // and fails on its own deletes ("File deletion conflicts detected", Paimon
                // 1.3.1). Paimon's own committer commits without it too; the check after the
                // race still runs.
                int committed =
                        commit.filterAndCommitMultiple(committables(user.getValue()), false);
                LOG.debug(
                        "Paimon table {}: {} of {} commits of {} made",
                        id,
                        committed,
                        user.getValue().size(),
                        user.getKey());
            }
        }
    }

    /**
     * The committables whose table is still the one they were written for: not dropped and created
     * again, and not truncated after their rows were written (the truncate's snapshot came after
     * the one the writer saw when it handed its files over). The others' files stay out of the
     * table; Paimon's orphan file cleaning removes them.
     */
    private static List<PaimonCommittable> stillWanted(
            FileStoreTable table, Identifier id, List<PaimonCommittable> committables) {
        String uuid = table.uuid();
        long oldest = Long.MAX_VALUE;
        for (PaimonCommittable committable : committables) {
            oldest = Math.min(oldest, committable.writtenAfterSnapshot());
        }
        long lastTruncate = Truncations.lastAfter(table, oldest);
        List<PaimonCommittable> wanted = new ArrayList<>();
        for (PaimonCommittable committable : committables) {
            if (!committable.tableUuid().equals(uuid)) {
                LOG.info(
                        "Paimon table {} was dropped and created again after commit {} of {} was"
                                + " written: its files are not committed",
                        id,
                        committable.identifier(),
                        committable.commitUser());
            } else if (committable.writtenAfterSnapshot() < lastTruncate) {
                LOG.info(
                        "Paimon table {} was truncated (snapshot {}) after commit {} of {} was"
                                + " written: its files are not committed",
                        id,
                        lastTruncate,
                        committable.identifier(),
                        committable.commitUser());
            } else {
                wanted.add(committable);
            }
        }
        return wanted;
    }

    private static List<ManifestCommittable> committables(
            TreeMap<Long, List<CommitMessage>> byIdentifier) {
        List<ManifestCommittable> committables = new ArrayList<>();
        for (Map.Entry<Long, List<CommitMessage>> entry : byIdentifier.entrySet()) {
            ManifestCommittable committable = new ManifestCommittable(entry.getKey());
            entry.getValue().forEach(committable::addFileCommittable);
            committables.add(committable);
        }
        return committables;
    }

    private Catalog catalog() {
        if (catalog == null) {
            catalog = settings.open();
        }
        return catalog;
    }

    @Override
    public void close() throws Exception {
        if (catalog != null) {
            catalog.close();
            catalog = null;
        }
    }
}
