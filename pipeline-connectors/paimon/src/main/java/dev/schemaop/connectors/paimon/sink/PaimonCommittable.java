package dev.schemaop.connectors.paimon.sink;

import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.sink.CommitMessage;

import java.util.List;

/**
 * What one writer wrote into one table between two checkpoints: Paimon's commit messages (the new
 * data files), under the writer's commit user and the identifier Paimon deduplicates commits by.
 * The table's uuid and its latest snapshot when the files were handed over tell the committer
 * whether the table was dropped or truncated since (the files must then stay out).
 */
public record PaimonCommittable(
        Identifier table,
        String tableUuid,
        long writtenAfterSnapshot,
        String commitUser,
        long identifier,
        List<CommitMessage> messages) {}
