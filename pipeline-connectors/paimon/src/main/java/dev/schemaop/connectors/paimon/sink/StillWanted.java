package dev.schemaop.connectors.paimon.sink;

import org.apache.paimon.table.FileStoreTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The files of a committable that still belong in its table: not written for a table that was
 * dropped and created again since (another uuid), and not written before a truncate the applier
 * made since (a truncate snapshot after the one the writer saw when it handed its files over). The
 * others stay out of the table; Paimon's orphan file cleaning removes them.
 */
final class StillWanted {
    private static final Logger LOG = LoggerFactory.getLogger(StillWanted.class);

    private StillWanted() {}

    static List<WrittenFiles> of(FileStoreTable table, PaimonCommittable committable) {
        String uuid = table.uuid();
        long oldest = Long.MAX_VALUE;
        for (WrittenFiles files : committable.files()) {
            oldest = Math.min(oldest, files.writtenAfterSnapshot());
        }
        long lastTruncate = Truncations.lastAfter(table, oldest);
        List<WrittenFiles> wanted = new ArrayList<>();
        for (WrittenFiles files : committable.files()) {
            if (!files.tableUuid().equals(uuid)) {
                LOG.info(
                        "Paimon table {} was dropped and created again after files of commit {}"
                                + " were written: they are not committed",
                        committable.table().getFullName(),
                        committable.identifier());
            } else if (files.writtenAfterSnapshot() < lastTruncate) {
                LOG.info(
                        "Paimon table {} was truncated (snapshot {}) after files of commit {} were"
                                + " written: they are not committed",
                        committable.table().getFullName(),
                        lastTruncate,
                        committable.identifier());
            } else {
                wanted.add(files);
            }
        }
        return wanted;
    }
}
