package dev.schemaop.pipeline;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.TwoPhaseCommittingSink;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;

/**
 * A sink that commits in two phases (Sink v2 {@code SupportsCommitter}, or the deprecated {@code
 * TwoPhaseCommittingSink}: Paimon, the values sink with {@code delivery.guarantee: exactly-once},
 * Kafka exactly-once, ...) commits what its writers wrote when a checkpoint completes, and once
 * more at the end of a bounded input. With checkpointing off and a source that never ends it writes
 * and never commits: Paimon leaves data files without a snapshot, and nothing says so. Such a
 * pipeline is refused at submission, for every connector. A bounded source (or BATCH, which needs
 * one) is fine: its end commits everything.
 */
final class CommittingSinkCheck {
    private CommittingSinkCheck() {}

    static boolean commits(Sink<?> sink) {
        return sink instanceof SupportsCommitter || sink instanceof TwoPhaseCommittingSink;
    }

    /**
     * @param sinkLocation where the sink block is (file:line), for the message
     * @throws PipelineConfigException when the sink would never commit
     */
    static void check(
            Sink<?> sink,
            String sinkType,
            String sinkLocation,
            EventSourceProvider source,
            String sourceType,
            boolean checkpointing) {
        if (checkpointing || !commits(sink) || hasAnEnd(source)) {
            return;
        }
        throw new PipelineConfigException(
                sinkLocation
                        + ": the '"
                        + sinkType
                        + "' sink commits what it writes only when a checkpoint completes, but"
                        + " checkpointing is off and the '"
                        + sourceType
                        + "' source has no end, so nothing it writes would ever be committed. Turn"
                        + " checkpointing on: -D "
                        + PipelineComposer.CHECKPOINTING_INTERVAL
                        + "=10s.");
    }

    /** A Flink source that says it is bounded; a SourceFunction's end Flink cannot know. */
    static boolean hasAnEnd(EventSourceProvider source) {
        return source instanceof FlinkSourceProvider flink
                && flink.getSource().getBoundedness() == Boundedness.BOUNDED;
    }
}
