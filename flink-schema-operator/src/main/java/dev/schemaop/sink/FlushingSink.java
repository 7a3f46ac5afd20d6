package dev.schemaop.sink;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.streaming.api.datastream.DataStream;

import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;

/**
 * Wraps a connector's {@link Sink} so that its writer never sees a {@code FlushEvent} (SPEC §1;
 * {@code FlushingWriter} does the flushing) while the sink keeps every Sink v2 capability it
 * declares.
 *
 * <p>Flink decides by {@code instanceof} what it builds around a sink: the translator looks for
 * {@code SupportsPreWriteTopology}, {@code SupportsCommitter}, {@code SupportsPreCommitTopology},
 * {@code SupportsPostCommitTopology} and {@code SupportsConcurrentExecutionAttempts}; the writer
 * operator for {@code SupportsCommitter} and {@code SupportsWriterState} (with {@code
 * WithCompatibleState}). The wrapper is therefore a dynamic proxy over exactly the public
 * interfaces of the connector's sink, deprecated ones included ({@code TwoPhaseCommittingSink},
 * {@code StatefulSink}, {@code With*Topology}): these capabilities combine freely, and the
 * deprecated interfaces narrow return types (a {@code StatefulSink} returns a {@code
 * StatefulSink.StatefulSinkWriter}), so explicit wrapper classes would need one class per
 * combination, and would still miss an interface a later Flink checks. A proxy is exact by
 * construction.
 *
 * <p>Every call goes to the connector's sink; a writer it returns ({@code createWriter}, {@code
 * restoreWriter}) is wrapped, and a pre-write topology it adds is checked ({@code
 * PreWriteTopologyCheck}). The proxy is serialized with the job graph: this handler is {@link
 * Serializable}, and Flink's class-loader-aware object stream resolves proxy classes with the
 * user-code class loader.
 */
public final class FlushingSink implements InvocationHandler, Serializable {
    private static final long serialVersionUID = 2L;

    private final Sink<Event> connectorSink;

    private FlushingSink(Sink<Event> connectorSink) {
        this.connectorSink = connectorSink;
    }

    /** The connector's sink, with the same interfaces, whose writers never see a flush event. */
    public static Sink<Event> wrap(Sink<Event> connectorSink) {
        return Forwarding.proxy(connectorSink, new FlushingSink(connectorSink));
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return Forwarding.objectMethod(
                    proxy, method, args, "FlushingSink(" + connectorSink + ")");
        }
        Object result = Forwarding.invoke(connectorSink, method, args);
        if (method.getName().equals("addPreWriteTopology")) {
            PreWriteTopologyCheck.check((DataStream<?>) args[0], result, connectorSink);
        }
        if (result instanceof SinkWriter) {
            return FlushingWriter.wrap((SinkWriter<Event>) result);
        }
        return result;
    }
}
