package dev.schemaop.connectors.paimon.sink;

import org.apache.paimon.catalog.Identifier;

import java.util.List;

/**
 * One commit into one table: the files every writer wrote into it up to one checkpoint, committed
 * as one Paimon commit under the job's commit user and the checkpoint's id. Paimon skips a commit
 * it already has for that user and identifier, so a committable committed again after a restore
 * changes nothing.
 */
public record PaimonCommittable(
        Identifier table, String commitUser, long identifier, List<WrittenFiles> files) {}
