package dev.schemaop.connectors.paimon.sink;

import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.sink.CommitMessage;

import java.util.List;

/**
 * What one writer wrote into one table since the previous checkpoint: Paimon's commit messages (the
 * new data files and compactions), handed over at a checkpoint to the one committer of the job. The
 * table's uuid and its latest snapshot when the files were handed over tell the committer whether
 * the table was dropped or truncated since (the files must then stay out).
 */
public record WrittenFiles(
        Identifier table,
        String tableUuid,
        long writtenAfterSnapshot,
        List<CommitMessage> messages) {}
