package dev.schemaop.sink;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.runtime.typeutils.EventTypeInfo;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.connector.sink2.WithPreWriteTopology;
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
 * restoreWriter}) is wrapped, and a pre-write topology it adds ends in a {@link
 * WriterFlushAcknowledger}, chained to the writer: behind a topology the writers acknowledge
 * flushes themselves, as in Apache Flink CDC, whatever the topology does with the events (it may
 * repartition them). The proxy is serialized with the job graph: this handler is {@link
 * Serializable}, and Flink's class-loader-aware object stream resolves proxy classes with the
 * user-code class loader.
 */
public final class FlushingSink implements InvocationHandler, Serializable {
    private static final long serialVersionUID = 3L;

    /** The name of the operator that ends a connector's pre-write topology. */
    public static final String ACKNOWLEDGER = "Writer flush acknowledger";

    private final Sink<Event> connectorSink;
    private final OperatorID registry;

    private FlushingSink(Sink<Event> connectorSink, OperatorID registry) {
        this.connectorSink = connectorSink;
        this.registry = registry;
    }

    /**
     * The connector's sink, with the same interfaces, whose writers never see a flush event.
     *
     * @param registry where the writers acknowledge flushes when they sit behind the sink's
     *     pre-write topology ({@link #hasPreWriteTopology})
     */
    public static Sink<Event> wrap(Sink<Event> connectorSink, OperatorID registry) {
        return Forwarding.proxy(connectorSink, new FlushingSink(connectorSink, registry));
    }

    /**
     * Whether Flink will put the sink's pre-write topology between the sink input operator and the
     * writers ({@code SupportsPreWriteTopology}, or the deprecated {@code WithPreWriteTopology}):
     * then the writers acknowledge flushes themselves ({@link WriterFlushAcknowledger}).
     */
    @SuppressWarnings("deprecation")
    public static boolean hasPreWriteTopology(Sink<?> sink) {
        return sink instanceof SupportsPreWriteTopology || sink instanceof WithPreWriteTopology;
    }

    /**
     * The type the acknowledger hands events to the writer in. A topology that ends in Flink CDC's
     * {@code EventTypeInfo} would have each row copied deeply once more on the chained hand-over
     * (object reuse is off, and nothing changes an event once built); the writer-input type writes
     * the same bytes with the same serializer and hands the event on as it is. Any other type (a
     * connector's own event wrapper, as Flink CDC's Paimon sink has) stays: only its serializer
     * knows its events, should the writer not be chained.
     */
    static TypeInformation<Event> toWriter(TypeInformation<Event> topologyType) {
        return topologyType.getClass() == EventTypeInfo.class
                ? WriterInputSerializer.typeInfo()
                : topologyType;
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
            // Created inside the sink's expansion, so Flink gives it the parallelism it gives
            // the topology's own operators, and chains it to the writer.
            DataStream<Event> topology = (DataStream<Event>) result;
            return topology.transform(
                            ACKNOWLEDGER,
                            toWriter(topology.getType()),
                            new WriterFlushAcknowledger(registry))
                    .name(ACKNOWLEDGER);
        }
        if (result instanceof SinkWriter) {
            return FlushingWriter.wrap((SinkWriter<Event>) result);
        }
        return result;
    }
}
