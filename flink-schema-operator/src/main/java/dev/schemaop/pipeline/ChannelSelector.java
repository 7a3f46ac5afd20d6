package dev.schemaop.pipeline;

import dev.schemaop.protocol.ChannelEvent;

import org.apache.flink.api.common.functions.Partitioner;
import org.apache.flink.api.java.functions.KeySelector;

/**
 * The partitioner of SPEC §2: the schema operator already chose each event's sink subtask (by table
 * and primary key for rows; one copy per subtask for schema steps, flush markers and release
 * markers), so partitioning only reads that choice.
 */
final class ChannelSelector implements KeySelector<ChannelEvent, Integer>, Partitioner<Integer> {
    private static final long serialVersionUID = 1L;

    @Override
    public Integer getKey(ChannelEvent event) {
        return event.channel();
    }

    @Override
    public int partition(Integer channel, int numPartitions) {
        return channel;
    }
}
