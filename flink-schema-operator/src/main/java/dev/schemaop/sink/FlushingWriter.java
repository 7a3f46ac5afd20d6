package dev.schemaop.sink;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;

/**
 * Wraps a connector's sink writer, with the same interfaces (so {@code
 * StatefulSinkWriter.snapshotState} and {@code CommittingSinkWriter.prepareCommit} reach it): a
 * {@link FlushEvent} becomes {@code SinkWriter.flush(false)}, then a {@link FlushSignal} to the
 * sink input operator chained in front; every other call goes to the connector's writer.
 */
final class FlushingWriter implements InvocationHandler {
    private final SinkWriter<Event> writer;

    /** The proxy's {@code write} method, once seen: the proxy passes the same object every call. */
    private Method write;

    private FlushingWriter(SinkWriter<Event> writer) {
        this.writer = writer;
    }

    static SinkWriter<Event> wrap(SinkWriter<Event> writer) {
        return Forwarding.proxy(writer, new FlushingWriter(writer));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        // Rows take this path: a direct call, no reflection.
        if (method == write || isWrite(method)) {
            write((Event) args[0], (SinkWriter.Context) args[1]);
            return null;
        }
        if (method.getDeclaringClass() == Object.class) {
            return Forwarding.objectMethod(proxy, method, args, "FlushingWriter(" + writer + ")");
        }
        return Forwarding.invoke(writer, method, args);
    }

    private boolean isWrite(Method method) {
        if (method.getName().equals("write")
                && method.getParameterCount() == 2
                && method.getParameterTypes()[1] == SinkWriter.Context.class) {
            write = method;
            return true;
        }
        return false;
    }

    private void write(Event event, SinkWriter.Context context) throws Exception {
        if (event instanceof FlushEvent) {
            writer.flush(false);
            FlushSignal.flushed(((FlushEvent) event).getSourceSubTaskId());
        } else {
            writer.write(event, context);
        }
    }
}
