package dev.schemaop.sink;

import dev.schemaop.protocol.DrainAck;
import dev.schemaop.protocol.FlushAck;
import dev.schemaop.protocol.FlushIds;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.jobgraph.tasks.TaskOperatorEventGateway;
import org.apache.flink.runtime.operators.coordination.OperatorEvent;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.SerializedValue;

import java.util.HashMap;
import java.util.Map;

/**
 * The end of a connector's pre-write topology, chained to the writer: what the sink input operator
 * does for a writer chained to it directly. Each {@link FlushEvent} that comes out of the topology
 * (aligned: it came from every subtask of the topology, so every row handed in before it has come
 * out) flushes the writer ({@link FlushingWriter}) and is acknowledged to the schema registry;
 * every other event goes to the writer as it is, as Flink CDC's own writer operator hands it on.
 *
 * <p>The topology rebuilds each flush from the source subtask id it carries, so the marker's id is
 * lost: the acknowledgement names the flush by its number among the flushes of that source subtask
 * in this attempt, which is the marker's number ({@code protocol.FlushIds}).
 */
public final class WriterFlushAcknowledger extends AbstractStreamOperator<Event>
        implements OneInputStreamOperator<Event, Event> {
    private static final long serialVersionUID = 1L;

    private static final String NOT_CHAINED =
            "The sink writer did not flush on a flush request that came out of the connector's"
                    + " pre-write topology: the writer is not chained to the topology's last"
                    + " operator (another parallelism, or operator chaining disabled).";

    private final OperatorID registry;

    private transient TaskOperatorEventGateway toRegistry;
    private transient int subtask;

    /** Per source subtask, the flushes seen in this attempt. */
    private transient Map<Integer, Long> flushes;

    public WriterFlushAcknowledger(OperatorID registry) {
        this.registry = registry;
        // The writer confirms a flush on this thread (FlushSignal).
        setChainingStrategy(ChainingStrategy.ALWAYS);
    }

    @Override
    public void open() throws Exception {
        super.open();
        toRegistry = getContainingTask().getEnvironment().getOperatorCoordinatorEventGateway();
        subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        flushes = new HashMap<>();
    }

    @Override
    public void processElement(StreamRecord<Event> record) throws Exception {
        if (!(record.getValue() instanceof FlushEvent flush)) {
            output.collect(record);
            return;
        }
        int source = flush.getSourceSubTaskId();
        FlushSignal.flushWriter(output, flush, NOT_CHAINED);
        if (DrainFlush.is(flush)) {
            send(new DrainAck(subtask, DrainFlush.drainIdOf(flush)));
        } else {
            long number = flushes.merge(source, 1L, Long::sum);
            send(new FlushAck(subtask, source, FlushIds.counted(number, source)));
        }
    }

    private void send(OperatorEvent event) throws Exception {
        toRegistry.sendOperatorEventToCoordinator(registry, new SerializedValue<>(event));
    }
}
