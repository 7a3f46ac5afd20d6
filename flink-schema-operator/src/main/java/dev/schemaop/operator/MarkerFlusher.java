package dev.schemaop.operator;

import org.apache.flink.streaming.api.operators.CountingOutput;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.runtime.io.RecordWriterOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;

/**
 * Sends flush, schema and release markers to the sink subtasks at once instead of when the network
 * buffer fills or the buffer timeout (100 ms by default) expires: a schema change waits for those
 * markers, so without this every change cost about 100 ms (measured: 39 added columns on 40,000
 * rows, one change per ~100 ms). Rows keep Flink's buffering.
 */
final class MarkerFlusher {
    private static final Logger LOG = LoggerFactory.getLogger(MarkerFlusher.class);

    private final RecordWriterOutput<?> network;

    private MarkerFlusher(RecordWriterOutput<?> network) {
        this.network = network;
    }

    static MarkerFlusher of(Output<?> output) {
        Output<?> network = unwrapCounting(output);
        if (network instanceof RecordWriterOutput) {
            return new MarkerFlusher((RecordWriterOutput<?>) network);
        }
        LOG.debug(
                "The schema operator's output is {}, not a network output: nothing to flush.",
                network.getClass().getSimpleName());
        return new MarkerFlusher(null);
    }

    /**
     * Flink wraps the task's network output in a CountingOutput for the operator's metrics and
     * offers no accessor; the field is read once, at open. Any other shape of output keeps Flink's
     * buffering (correct, only slower).
     */
    private static Output<?> unwrapCounting(Output<?> output) {
        if (!(output instanceof CountingOutput)) {
            return output;
        }
        try {
            Field inner = CountingOutput.class.getDeclaredField("output");
            inner.setAccessible(true);
            return (Output<?>) inner.get(output);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return output;
        }
    }

    void flush() {
        if (network == null) {
            return;
        }
        try {
            network.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not send schema markers to the sink subtasks", e);
        }
    }
}
