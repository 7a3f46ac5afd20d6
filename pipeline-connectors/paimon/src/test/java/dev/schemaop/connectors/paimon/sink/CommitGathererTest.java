package dev.schemaop.connectors.paimon.sink;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessageTypeInfo;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.paimon.catalog.Identifier;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/**
 * The pre-commit step gathers the files of all writers (three sink subtasks here) into one
 * committable per table, numbered by the checkpoint whose barrier passes it.
 */
class CommitGathererTest {
    private static final Identifier ORDERS = Identifier.create("shop", "orders");
    private static final Identifier ITEMS = Identifier.create("shop", "items");
    private static final String USER = "schemaop-job";

    @Test
    void eachTableGetsOneCommittableOfEveryWriterUnderTheBarriersCheckpoint() throws Exception {
        try (OneInputStreamOperatorTestHarness<
                        CommittableMessage<WrittenFiles>, CommittableMessage<PaimonCommittable>>
                gatherer = open(null, 0)) {
            WrittenFiles orders0 = files(ORDERS, "a");
            WrittenFiles items0 = files(ITEMS, "b");
            WrittenFiles orders2 = files(ORDERS, "c");
            handOver(gatherer, 0, 7, orders0, items0);
            handOver(gatherer, 1, 7);
            handOver(gatherer, 2, 7, orders2);

            gatherer.prepareSnapshotPreBarrier(7);

            assertThat(describe(gatherer.extractOutputValues()))
                    .containsExactly(
                            "summary of checkpoint 7: 2 committables",
                            "shop.orders by schemaop-job at 7: [a, c]",
                            "shop.items by schemaop-job at 7: [b]");
        }
    }

    @Test
    void filesOfACheckpointAbortedBeforeThisBarrierGoWithTheNext() throws Exception {
        try (OneInputStreamOperatorTestHarness<
                        CommittableMessage<WrittenFiles>, CommittableMessage<PaimonCommittable>>
                gatherer = open(null, 0)) {
            // Checkpoint 5 passed writer 0 and was aborted before it passed the others.
            handOver(gatherer, 0, 5, files(ORDERS, "a"));
            handOver(gatherer, 0, 6, files(ORDERS, "b"));
            handOver(gatherer, 1, 6, files(ORDERS, "c"));

            gatherer.prepareSnapshotPreBarrier(6);
            gatherer.prepareSnapshotPreBarrier(8); // nothing arrived since: no committable

            assertThat(describe(gatherer.extractOutputValues()))
                    .containsExactly(
                            "summary of checkpoint 6: 1 committables",
                            "shop.orders by schemaop-job at 6: [a, b, c]");
        }
    }

    @Test
    void atTheEndOfTheInputTheLastFilesGoUnderTheCheckpointAfterTheLastBarrier() throws Exception {
        OperatorSubtaskState restored;
        try (OneInputStreamOperatorTestHarness<
                        CommittableMessage<WrittenFiles>, CommittableMessage<PaimonCommittable>>
                gatherer = open(null, 0)) {
            restored = gatherer.snapshot(12, 1L);
        }
        try (OneInputStreamOperatorTestHarness<
                        CommittableMessage<WrittenFiles>, CommittableMessage<PaimonCommittable>>
                gatherer = open(restored, 12)) {
            handOver(gatherer, 0, 13, files(ITEMS, "a"));
            gatherer.endInput();

            assertThat(describe(gatherer.extractOutputValues()))
                    .containsExactly(
                            "summary of checkpoint 13: 1 committables",
                            "shop.items by schemaop-job at 13: [a]");
        }
    }

    private static OneInputStreamOperatorTestHarness<
                    CommittableMessage<WrittenFiles>, CommittableMessage<PaimonCommittable>>
            open(OperatorSubtaskState restored, long restoredCheckpoint) throws Exception {
        OneInputStreamOperatorTestHarness<
                        CommittableMessage<WrittenFiles>, CommittableMessage<PaimonCommittable>>
                harness = new OneInputStreamOperatorTestHarness<>(new CommitGatherer(USER));
        harness.setup(
                CommittableMessageTypeInfo.of(CommittableSerializer::new)
                        .createSerializer(new SerializerConfigImpl()));
        if (restored != null) {
            harness.setRestoredCheckpointId(restoredCheckpoint);
            harness.initializeState(restored);
        }
        harness.open();
        return harness;
    }

    /** What a writer subtask emits at a checkpoint: its summary, then its files per table. */
    private static void handOver(
            OneInputStreamOperatorTestHarness<
                            CommittableMessage<WrittenFiles>, CommittableMessage<PaimonCommittable>>
                    gatherer,
            int subtask,
            long checkpoint,
            WrittenFiles... files)
            throws Exception {
        gatherer.processElement(
                new StreamRecord<>(
                        new CommittableSummary<>(
                                subtask, 3, checkpoint, files.length, files.length, 0)));
        for (WrittenFiles written : files) {
            gatherer.processElement(
                    new StreamRecord<>(new CommittableWithLineage<>(written, checkpoint, subtask)));
        }
    }

    /** Files told apart by their table uuid (the test's name for them). */
    private static WrittenFiles files(Identifier table, String name) {
        return new WrittenFiles(table, name, 0, List.of());
    }

    private static List<String> describe(List<CommittableMessage<PaimonCommittable>> messages) {
        List<String> described = new ArrayList<>();
        for (CommittableMessage<PaimonCommittable> message : messages) {
            if (message instanceof CommittableSummary<PaimonCommittable> summary) {
                assertThat(summary.getSubtaskId()).isZero();
                described.add(
                        "summary of checkpoint "
                                + summary.getCheckpointIdOrEOI()
                                + ": "
                                + summary.getNumberOfCommittables()
                                + " committables");
            } else {
                CommittableWithLineage<PaimonCommittable> lineage =
                        (CommittableWithLineage<PaimonCommittable>) message;
                PaimonCommittable committable = lineage.getCommittable();
                assertThat(lineage.getCheckpointIdOrEOI()).isEqualTo(committable.identifier());
                described.add(
                        committable.table().getFullName()
                                + " by "
                                + committable.commitUser()
                                + " at "
                                + committable.identifier()
                                + ": "
                                + committable.files().stream()
                                        .map(WrittenFiles::tableUuid)
                                        .toList());
            }
        }
        return described;
    }
}
