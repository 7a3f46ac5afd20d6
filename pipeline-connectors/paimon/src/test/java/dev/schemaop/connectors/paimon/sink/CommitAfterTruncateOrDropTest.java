package dev.schemaop.connectors.paimon.sink;

import static dev.schemaop.connectors.paimon.sink.TestWarehouse.PAIMON_TABLE;
import static dev.schemaop.connectors.paimon.sink.TestWarehouse.SCHEMA;
import static dev.schemaop.connectors.paimon.sink.TestWarehouse.TABLE;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * A checkpoint's files wait for their commit until the checkpoint completes, and the applier may
 * truncate or drop the table in that time (the change came after the checkpoint's barrier). The
 * files hold rows written before the change: committed afterwards, they would bring those rows
 * back. Here the race is laid out in order: the writers hand their files over, the applier changes
 * the table, and only then does the committer commit.
 */
class CommitAfterTruncateOrDropTest {
    private static final String USER = "job-1";

    @TempDir Path warehouseDir;
    @TempDir Path spill;

    private TestWarehouse warehouse;

    @BeforeEach
    void createTable() throws Exception {
        warehouse = new TestWarehouse(warehouseDir, spill);
        warehouse.apply(new CreateTableEvent(TABLE, SCHEMA));
    }

    @Test
    void filesWrittenBeforeATruncateStayOutAndLaterOnesGoIn() throws Exception {
        WrittenFiles beforeTruncate = warehouse.write(USER, 1, 1, 2, 3);
        warehouse.apply(new TruncateTableEvent(TABLE));
        // The writer's own truncate event comes after the applier's change; it writes on.
        WrittenFiles afterTruncate = warehouse.write(USER, 2, 3, 10, 11);

        commit(1, beforeTruncate);
        commit(2, afterTruncate);

        assertThat(warehouse.ids()).containsExactly(3, 10, 11);
    }

    @Test
    void ofOneCheckpointOnlyTheFilesWrittenBeforeATruncateStayOut() throws Exception {
        WrittenFiles ofOneWriter = warehouse.write(USER, 1, 1, 2);
        warehouse.apply(new TruncateTableEvent(TABLE));
        // Another writer handed its files over at the same barrier, after the truncate.
        WrittenFiles ofAnother = warehouse.write(USER, 1, 7);

        commit(1, ofOneWriter, ofAnother);

        assertThat(warehouse.ids()).containsExactly(7);
    }

    @Test
    void withoutATruncateTheFilesOfEveryWriterAreOneCommit() throws Exception {
        WrittenFiles first = warehouse.write(USER, 1, 1, 2);
        WrittenFiles second = warehouse.write(USER, 1, 3);

        commit(1, first, second);

        assertThat(warehouse.ids()).containsExactly(1, 2, 3);
        assertThat(warehouse.snapshots()).containsExactly("APPEND job-1 1");
    }

    @Test
    void filesWrittenForADroppedTableStayOutOfTheTableCreatedUnderItsName() throws Exception {
        WrittenFiles forTheOldTable = warehouse.write(USER, 1, 1, 2);
        warehouse.apply(new DropTableEvent(TABLE));
        warehouse.apply(new CreateTableEvent(TABLE, SCHEMA));
        WrittenFiles forTheNewTable = warehouse.write(USER, 2, 5);

        commit(1, forTheOldTable);
        commit(2, forTheNewTable);

        assertThat(warehouse.ids()).containsExactly(5);
    }

    private void commit(long identifier, WrittenFiles... files) throws Exception {
        try (PaimonCommitter committer =
                new PaimonCommitter(warehouse.settings(), OptionalLong.empty())) {
            committer.commit(
                    List.of(
                            new ImmediateCommitRequest(
                                    new PaimonCommittable(
                                            PAIMON_TABLE, USER, identifier, List.of(files)))));
        }
    }
}
