package dev.schemaop.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.history.Decision;
import dev.schemaop.history.HistoryReader;
import dev.schemaop.protocol.DiscardedValuesReport;

import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

/**
 * The registry writes the discarded values of a checkpoint's rows once it completed, and forgets
 * the reports of rows a task failover reads again.
 */
class DiscardedValuesHistoryTest {
    @TempDir Path dir;

    private static DiscardedValuesReport report(long checkpoint, long count) {
        return new DiscardedValuesReport(checkpoint, Map.of("db.t", Map.of("extra", count)));
    }

    @Test
    void aTaskFailoverForgetsTheReportsOfRowsThatAreReadAgain() throws Exception {
        Path history = dir.resolve("history");
        RegistryHarness harness =
                RegistryHarness.started(
                        RegistryHarness.config(
                                        SchemaChangeBehavior.EVOLVE,
                                        new RecordingApplier(),
                                        dir.resolve("log"))
                                .withHistory(new HistoryLocation(history.toString(), null, null)),
                        1);
        SchemaRegistry registry = harness.registry;

        registry.handleEventFromOperator(0, 0, report(1, 2));
        registry.notifyCheckpointComplete(1);
        registry.handleEventFromOperator(0, 0, report(2, 3)); // checkpoint 2 never completes
        registry.subtaskReset(0, 1); // the region restarts from checkpoint 1: those rows again
        registry.handleEventFromOperator(0, 0, report(3, 3));
        registry.notifyCheckpointComplete(3);
        registry.close();

        assertThat(HistoryReader.read(history))
                .extracting(Decision::outcome, Decision::checkpoint, Decision::discarded)
                .containsExactly(
                        Tuple.tuple("discarded", 1L, Map.of("extra", 2L)),
                        Tuple.tuple("discarded", 3L, Map.of("extra", 3L)));
    }
}
