package dev.schemaop.pipeline;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Behind a connector's pre-write topology the flush events cross the topology's own exchange, which
 * the runtime cannot make align its barriers: an unaligned checkpoint would store flush events in
 * flight there and replay them into the next attempt, whose writers count flushes anew ({@code
 * protocol.FlushIds}), so a replayed flush could stand for one not yet made. Such a job checkpoints
 * aligned.
 */
final class AlignedBehindTopology {
    private static final Logger LOG = LoggerFactory.getLogger(AlignedBehindTopology.class);

    private AlignedBehindTopology() {}

    /**
     * @param sinkBlock where the sink is defined, for the warning
     */
    static void apply(StreamExecutionEnvironment env, String sinkBlock) {
        if (!env.getCheckpointConfig().isUnalignedCheckpointsEnabled()) {
            return;
        }
        env.getCheckpointConfig().enableUnalignedCheckpoints(false);
        LOG.warn(
                "{}: the sink has a pre-write topology, so this job takes aligned checkpoints"
                        + " although execution.checkpointing.unaligned.enabled is true: flush"
                        + " events in flight through the topology must not be stored in a"
                        + " checkpoint and replayed into another attempt (docs/DECISIONS.md).",
                sinkBlock);
    }
}
