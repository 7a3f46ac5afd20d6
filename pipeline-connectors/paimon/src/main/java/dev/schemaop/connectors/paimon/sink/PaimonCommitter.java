package dev.schemaop.connectors.paimon.sink;

import dev.schemaop.connectors.paimon.catalog.CatalogSettings;

import org.apache.flink.api.connector.sink2.Committer;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;

/**
 * The job's one committer (all committables reach one subtask, {@link CommitGatherer}): each
 * committable is one Paimon commit into its table, made with Paimon's {@code
 * filterAndCommitMultiple}, which skips a commit Paimon already has for the commit user and
 * identifier. Files written before the table was truncated or dropped are left out. The table is
 * read from the catalog for every commit: its schema may have changed since the files were written
 * (Paimon reads each file with the schema it was written with).
 *
 * <p>Committables restored from a checkpoint (Flink commits them again when the job starts from it;
 * their identifier is at most the checkpoint's id) are committed as Paimon's own committer commits
 * them after a restore: with Paimon's check of the appended files against the table first. A commit
 * made then, rather than found made already, fails the job once the request is through: the writers
 * of the new attempt may have read the table before that commit, and a primary-key writer's
 * sequence numbers must come after those of the files it added. The next attempt finds every such
 * commit made and goes on. (A failover after the commit, the usual case, finds it made at once.)
 */
final class PaimonCommitter implements Committer<PaimonCommittable> {
    private static final Logger LOG = LoggerFactory.getLogger(PaimonCommitter.class);

    private final CatalogSettings settings;
    private final long restoredCheckpoint;
    private Catalog catalog;

    PaimonCommitter(CatalogSettings settings, OptionalLong restoredCheckpoint) {
        this.settings = settings;
        this.restoredCheckpoint = restoredCheckpoint.orElse(Long.MIN_VALUE);
    }

    @Override
    public void commit(Collection<CommitRequest<PaimonCommittable>> requests) throws IOException {
        List<String> madeAfterRestore = new ArrayList<>();
        for (CommitRequest<PaimonCommittable> request : requests) {
            PaimonCommittable committable = request.getCommittable();
            boolean restored = committable.identifier() <= restoredCheckpoint;
            boolean made;
            try {
                made = commit(committable, restored);
            } catch (IOException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(
                        "The Paimon sink could not commit to "
                                + committable.table().getFullName()
                                + " ("
                                + settings
                                + ")",
                        e);
            }
            if (made && restored) {
                madeAfterRestore.add(
                        committable.table().getFullName()
                                + " (commit "
                                + committable.identifier()
                                + ")");
            }
        }
        if (!madeAfterRestore.isEmpty()) {
            throw new IOException(
                    "After restoring checkpoint "
                            + restoredCheckpoint
                            + ", the Paimon sink committed files that were not committed before the"
                            + " failure: "
                            + String.join(", ", madeAfterRestore)
                            + ". The job restarts once more, so that its writers start from these"
                            + " commits, as Paimon's own sink does; nothing is lost (with restarts"
                            + " off, submit the job again from the same checkpoint).");
        }
    }

    /** Whether a commit was made (false: nothing left to commit, or Paimon had it already). */
    private boolean commit(PaimonCommittable committable, boolean restored) throws Exception {
        FileStoreTable table;
        try {
            table = (FileStoreTable) catalog().getTable(committable.table());
        } catch (Catalog.TableNotExistException dropped) {
            LOG.info(
                    "Paimon table {} was dropped after its rows were written: its files are not"
                            + " committed",
                    committable.table().getFullName());
            return false;
        }
        ManifestCommittable commit = new ManifestCommittable(committable.identifier());
        for (WrittenFiles files : StillWanted.of(table, committable)) {
            files.messages().forEach(commit::addFileCommittable);
        }
        if (commit.fileCommittables().isEmpty()) {
            return false;
        }
        try (TableCommitImpl paimon = table.newCommit(committable.commitUser())) {
            int made = paimon.filterAndCommitMultiple(List.of(commit), restored);
            if (restored) {
                LOG.info(
                        "Paimon table {}: commit {} of {}, restored from checkpoint {}, {}",
                        committable.table().getFullName(),
                        committable.identifier(),
                        committable.commitUser(),
                        restoredCheckpoint,
                        made > 0 ? "committed now" : "was committed before");
            }
            return made > 0;
        }
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
