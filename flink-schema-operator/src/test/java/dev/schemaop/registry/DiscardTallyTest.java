package dev.schemaop.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.protocol.DiscardedValuesReport;

import org.junit.jupiter.api.Test;

import java.util.Map;

class DiscardTallyTest {
    private final DiscardTally tally = new DiscardTally();

    private void report(long checkpoint, String column, long count) {
        tally.add(new DiscardedValuesReport(checkpoint, Map.of("db.t", Map.of(column, count))));
    }

    @Test
    void aCompletedCheckpointTakesItsReportsAndTheEarlierOnesSummed() {
        report(1, "a", 2);
        report(1, "a", 3); // another subtask
        report(2, "b", 1); // checkpoint 2 was aborted: its report waits for a later one
        report(3, "a", 1);
        report(4, "a", 7); // not complete yet

        assertThat(tally.takeUpTo(1)).isEqualTo(Map.of("db.t", Map.of("a", 5L)));
        assertThat(tally.takeUpTo(3)).isEqualTo(Map.of("db.t", Map.of("a", 1L, "b", 1L)));
        assertThat(tally.takeUpTo(3)).as("taken once").isEmpty();
        assertThat(tally.takeUpTo(4)).isEqualTo(Map.of("db.t", Map.of("a", 7L)));
    }

    @Test
    void aRestoreForgetsTheReportsOfRowsThatAreReadAgain() {
        report(1, "a", 2);
        report(2, "a", 3);
        report(3, "a", 4);

        tally.restored(1); // checkpoint 1 completed but its notification was lost

        assertThat(tally.takeUpTo(5)).isEqualTo(Map.of("db.t", Map.of("a", 2L)));
    }
}
