package dev.schemaop.sink;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.DrainAck;
import dev.schemaop.protocol.FlushAck;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.jobgraph.tasks.TaskOperatorEventGateway;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.SerializedValue;

import java.io.IOException;
import java.util.List;

/**
 * The writer is chained right behind the sink input operator: it flushes in this thread ({@link
 * FlushSignal}), and the sink input operator acknowledges each flush and drain marker by its id.
 */
final class ChainedWriterFlushes implements WriterFlushes {
    private static final String NOT_CHAINED =
            "The sink writer did not flush on a flush request: it is not chained to the sink input"
                    + " operator. Do not disable operator chaining for pipelines"
                    + " (pipeline.operator-chaining).";

    private final Output<StreamRecord<Event>> output;
    private final TaskOperatorEventGateway toRegistry;
    private final OperatorID registry;
    private final int subtask;

    ChainedWriterFlushes(
            Output<StreamRecord<Event>> output,
            TaskOperatorEventGateway toRegistry,
            OperatorID registry,
            int subtask) {
        this.output = output;
        this.toRegistry = toRegistry;
        this.registry = registry;
        this.subtask = subtask;
    }

    @Override
    public void flush(ChannelEvent.Flush marker) throws IOException {
        flushWriter(marker.sourceSubtask());
        send(new FlushAck(subtask, marker.sourceSubtask(), marker.flushId()));
    }

    @Override
    public void released(ChannelEvent.Release marker) {}

    @Override
    public void drained(ChannelEvent.Drain marker) throws IOException {
        flushWriter(marker.sourceSubtask());
        send(new DrainAck(subtask, marker.drainId()));
    }

    private void flushWriter(int source) {
        FlushSignal.flushWriter(output, new FlushEvent(source, List.of(), null), NOT_CHAINED);
    }

    private void send(OperatorEvent event) throws IOException {
        toRegistry.sendOperatorEventToCoordinator(registry, new SerializedValue<>(event));
    }
}
