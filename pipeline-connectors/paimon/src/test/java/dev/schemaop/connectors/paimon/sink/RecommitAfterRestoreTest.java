package dev.schemaop.connectors.paimon.sink;

import static dev.schemaop.connectors.paimon.sink.TestWarehouse.PAIMON_TABLE;
import static dev.schemaop.connectors.paimon.sink.TestWarehouse.SCHEMA;
import static dev.schemaop.connectors.paimon.sink.TestWarehouse.TABLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.runtime.operators.sink.CommitterOperatorFactory;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Flink's own committer operator with the sink's committer, restored from its snapshot of
 * checkpoint 1: Flink commits the restored committables again when the job starts from a
 * checkpoint, and the commit may have been made before the failure, or not.
 */
class RecommitAfterRestoreTest {
    private static final String USER = "schemaop-job-1";

    @TempDir Path warehouseDir;
    @TempDir Path spill;

    private TestWarehouse warehouse;
    private PaimonSink sink;

    @BeforeEach
    void createTable() throws Exception {
        warehouse = new TestWarehouse(warehouseDir, spill);
        warehouse.apply(new CreateTableEvent(TABLE, SCHEMA));
        sink = new PaimonSink(warehouse.settings(), "schemaop");
    }

    @Test
    void aCommittableCommittedBeforeTheRestoreIsNotCommittedAgain() throws Exception {
        OperatorSubtaskState checkpoint1;
        try (var committer = committer(null)) {
            receive(committer, 1, warehouse.write(USER, 1, 1, 2), warehouse.write(USER, 1, 3));
            checkpoint1 = committer.snapshot(1, 1L);
            committer.notifyOfCompletedCheckpoint(1);
        }
        assertThat(warehouse.ids()).containsExactly(1, 2, 3);
        assertThat(warehouse.snapshots()).containsExactly("APPEND schemaop-job-1 1");

        try (var restored = committer(checkpoint1)) {
            assertThat(warehouse.ids()).containsExactly(1, 2, 3);
            assertThat(warehouse.snapshots()).containsExactly("APPEND schemaop-job-1 1");

            receive(restored, 2, warehouse.write(USER, 2, 4));
            restored.snapshot(2, 2L);
            restored.notifyOfCompletedCheckpoint(2);
        }
        assertThat(warehouse.ids()).containsExactly(1, 2, 3, 4);
        assertThat(warehouse.snapshots())
                .containsExactly("APPEND schemaop-job-1 1", "APPEND schemaop-job-1 2");
    }

    @Test
    void aCommittableNotCommittedBeforeTheRestoreIsCommittedAndTheJobRestartsOnce()
            throws Exception {
        OperatorSubtaskState checkpoint1;
        try (var committer = committer(null)) {
            receive(committer, 1, warehouse.write(USER, 1, 1, 2), warehouse.write(USER, 1, 3));
            checkpoint1 = committer.snapshot(1, 1L);
            // the job fails before the checkpoint's completion reaches the committer
        }
        assertThat(warehouse.snapshots()).isEmpty();

        var restored = newCommitter();
        restored.setRestoredCheckpointId(1);
        assertThatThrownBy(() -> restored.initializeState(checkpoint1))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "After restoring checkpoint 1, the Paimon sink committed files that were not"
                                + " committed before the failure: db.t (commit 1). The job restarts"
                                + " once more, so that its writers start from these commits, as"
                                + " Paimon's own sink does; nothing is lost (with restarts off,"
                                + " submit the job again from the same checkpoint).");
        assertThat(warehouse.ids()).containsExactly(1, 2, 3);
        assertThat(warehouse.snapshots()).containsExactly("APPEND schemaop-job-1 1");

        try (var restoredAgain = committer(checkpoint1)) {
            assertThat(warehouse.ids()).containsExactly(1, 2, 3);
            assertThat(warehouse.snapshots()).containsExactly("APPEND schemaop-job-1 1");
        }
    }

    private OneInputStreamOperatorTestHarness<
                    CommittableMessage<PaimonCommittable>, CommittableMessage<PaimonCommittable>>
            committer(OperatorSubtaskState restored) throws Exception {
        var harness = newCommitter();
        if (restored != null) {
            harness.setRestoredCheckpointId(1);
            harness.initializeState(restored);
        }
        harness.open();
        return harness;
    }

    private OneInputStreamOperatorTestHarness<
                    CommittableMessage<PaimonCommittable>, CommittableMessage<PaimonCommittable>>
            newCommitter() throws Exception {
        return new OneInputStreamOperatorTestHarness<>(
                new CommitterOperatorFactory<>(sink, false, true));
    }

    /** What the pre-commit step hands the committer at a checkpoint: the writers' files. */
    private static void receive(
            OneInputStreamOperatorTestHarness<
                            CommittableMessage<PaimonCommittable>,
                            CommittableMessage<PaimonCommittable>>
                    committer,
            long checkpoint,
            WrittenFiles... files)
            throws Exception {
        committer.processElement(
                new StreamRecord<>(new CommittableSummary<>(0, 1, checkpoint, 1, 1, 0)));
        committer.processElement(
                new StreamRecord<>(
                        new CommittableWithLineage<>(
                                new PaimonCommittable(
                                        PAIMON_TABLE, USER, checkpoint, List.of(files)),
                                checkpoint,
                                0)));
    }
}
