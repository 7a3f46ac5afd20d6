package dev.schemaop.sink;

import org.apache.flink.api.common.SupportsConcurrentExecutionAttempts;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.TwoPhaseCommittingSink;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.SupportsPostCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.connector.sink2.WithPostCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.WithPreCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.WithPreWriteTopology;
import org.apache.flink.streaming.api.datastream.DataStream;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Connector sinks of every Sink v2 kind for the wrapper's tests. Each records what reached it: the
 * writers it made, the states it restored from, the topologies it was asked to add.
 */
@SuppressWarnings("deprecation")
final class ConnectorSinks {
    private ConnectorSinks() {}

    /** Serializes committables and writer states, which are strings here. */
    static final SimpleVersionedSerializer<String> STRINGS =
            new SimpleVersionedSerializer<>() {
                @Override
                public int getVersion() {
                    return 1;
                }

                @Override
                public byte[] serialize(String value) {
                    return value.getBytes(StandardCharsets.UTF_8);
                }

                @Override
                public String deserialize(int version, byte[] bytes) {
                    return new String(bytes, StandardCharsets.UTF_8);
                }
            };

    /** Records what it is given; {@code flushes} holds each {@code flush(endOfInput)} argument. */
    static class RecordingWriter implements SinkWriter<Event> {
        final List<Event> written = new ArrayList<>();
        final List<Context> contexts = new ArrayList<>();
        final List<Boolean> flushes = new ArrayList<>();
        boolean closed;

        @Override
        public void write(Event event, Context context) {
            written.add(event);
            contexts.add(context);
        }

        @Override
        public void flush(boolean endOfInput) {
            flushes.add(endOfInput);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    static class CommittingWriter extends RecordingWriter
            implements CommittingSinkWriter<Event, String> {
        @Override
        public Collection<String> prepareCommit() {
            return List.of("committable of " + written.size() + " events");
        }
    }

    static final class PrecommittingWriter extends CommittingWriter
            implements TwoPhaseCommittingSink.PrecommittingSinkWriter<Event, String> {}

    static class StateWriter extends RecordingWriter implements StatefulSinkWriter<Event, String> {
        final Collection<String> restoredFrom;

        StateWriter(Collection<String> restoredFrom) {
            this.restoredFrom = restoredFrom;
        }

        @Override
        public List<String> snapshotState(long checkpointId) {
            return List.of("state at " + checkpointId);
        }
    }

    static final class DeprecatedStateWriter extends StateWriter
            implements StatefulSink.StatefulSinkWriter<Event, String> {
        DeprecatedStateWriter(Collection<String> restoredFrom) {
            super(restoredFrom);
        }
    }

    static final class NoCommits implements Committer<String> {
        @Override
        public void commit(Collection<CommitRequest<String>> requests) {}

        @Override
        public void close() {}
    }

    /** A sink of nothing but the base interface; keeps the last writer it made. */
    static class PlainSink implements Sink<Event> {
        private static final long serialVersionUID = 1L;

        transient RecordingWriter lastWriter;

        RecordingWriter newWriter() {
            return new RecordingWriter();
        }

        @Override
        public SinkWriter<Event> createWriter(InitContext context) {
            lastWriter = newWriter();
            return lastWriter;
        }

        @Override
        public String toString() {
            return getClass().getSimpleName();
        }

        @Override
        public SinkWriter<Event> createWriter(WriterInitContext context) {
            lastWriter = newWriter();
            return lastWriter;
        }
    }

    static class CommittingSink extends PlainSink implements SupportsCommitter<String> {
        private static final long serialVersionUID = 1L;

        static final Committer<String> COMMITTER = new NoCommits();

        @Override
        RecordingWriter newWriter() {
            return new CommittingWriter();
        }

        @Override
        public Committer<String> createCommitter(CommitterInitContext context) {
            return COMMITTER;
        }

        @Override
        public SimpleVersionedSerializer<String> getCommittableSerializer() {
            return STRINGS;
        }
    }

    static final class TwoPhaseSink extends PlainSink
            implements TwoPhaseCommittingSink<Event, String> {
        private static final long serialVersionUID = 1L;

        @Override
        RecordingWriter newWriter() {
            return new PrecommittingWriter();
        }

        @Override
        public PrecommittingSinkWriter<Event, String> createWriter(InitContext context) {
            return (PrecommittingSinkWriter<Event, String>) super.createWriter(context);
        }

        @Override
        public Committer<String> createCommitter() {
            return CommittingSink.COMMITTER;
        }

        @Override
        public SimpleVersionedSerializer<String> getCommittableSerializer() {
            return STRINGS;
        }
    }

    static final class WriterStateSink extends PlainSink
            implements SupportsWriterState<Event, String>, SupportsWriterState.WithCompatibleState {
        private static final long serialVersionUID = 1L;

        @Override
        RecordingWriter newWriter() {
            return new StateWriter(List.of());
        }

        @Override
        public StatefulSinkWriter<Event, String> restoreWriter(
                WriterInitContext context, Collection<String> states) {
            StateWriter writer = new StateWriter(states);
            lastWriter = writer;
            return writer;
        }

        @Override
        public SimpleVersionedSerializer<String> getWriterStateSerializer() {
            return STRINGS;
        }

        @Override
        public Collection<String> getCompatibleWriterStateNames() {
            return List.of("an older writer's state");
        }
    }

    static final class DeprecatedStatefulSink extends PlainSink
            implements StatefulSink<Event, String> {
        private static final long serialVersionUID = 1L;

        @Override
        RecordingWriter newWriter() {
            return new DeprecatedStateWriter(List.of());
        }

        @Override
        public StatefulSinkWriter<Event, String> createWriter(InitContext context) {
            return (StatefulSinkWriter<Event, String>) super.createWriter(context);
        }

        @Override
        public StatefulSink.StatefulSinkWriter<Event, String> restoreWriter(
                InitContext context, Collection<String> states) {
            DeprecatedStateWriter writer = new DeprecatedStateWriter(states);
            lastWriter = writer;
            return writer;
        }

        @Override
        public SimpleVersionedSerializer<String> getWriterStateSerializer() {
            return STRINGS;
        }
    }

    static final class PreWriteSink extends PlainSink implements SupportsPreWriteTopology<Event> {
        private static final long serialVersionUID = 1L;

        transient DataStream<Event> preWriteInput;

        @Override
        public DataStream<Event> addPreWriteTopology(DataStream<Event> input) {
            preWriteInput = input;
            return input.map(event -> event).returns(input.getType()).name("connector pre-write");
        }
    }

    /** Moves events to other subtasks before writing them: what the runtime cannot flush. */
    static final class RepartitioningPreWriteSink extends PlainSink
            implements SupportsPreWriteTopology<Event> {
        private static final long serialVersionUID = 1L;

        @Override
        public DataStream<Event> addPreWriteTopology(DataStream<Event> input) {
            return input.rebalance().map(event -> event).returns(input.getType());
        }
    }

    static final class PreCommitSink extends CommittingSink
            implements SupportsPreCommitTopology<String, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public DataStream<CommittableMessage<String>> addPreCommitTopology(
                DataStream<CommittableMessage<String>> committables) {
            return committables
                    .map(message -> message)
                    .returns(committables.getType())
                    .name("connector pre-commit");
        }

        @Override
        public SimpleVersionedSerializer<String> getWriteResultSerializer() {
            return STRINGS;
        }
    }

    static final class PostCommitSink extends CommittingSink
            implements SupportsPostCommitTopology<String> {
        private static final long serialVersionUID = 1L;

        @Override
        public void addPostCommitTopology(DataStream<CommittableMessage<String>> committed) {
            committed
                    .map(message -> message)
                    .returns(committed.getType())
                    .name("connector post-commit");
        }
    }

    /** The deprecated topology interfaces, all on one two-phase sink. */
    static final class DeprecatedTopologiesSink extends PlainSink
            implements WithPreWriteTopology<Event>,
                    WithPreCommitTopology<Event, String>,
                    WithPostCommitTopology<Event, String> {
        private static final long serialVersionUID = 1L;

        @Override
        RecordingWriter newWriter() {
            return new PrecommittingWriter();
        }

        @Override
        public PrecommittingSinkWriter<Event, String> createWriter(InitContext context) {
            return (PrecommittingSinkWriter<Event, String>) super.createWriter(context);
        }

        @Override
        public DataStream<Event> addPreWriteTopology(DataStream<Event> input) {
            return input.map(event -> event).returns(input.getType()).name("connector pre-write");
        }

        @Override
        public DataStream<CommittableMessage<String>> addPreCommitTopology(
                DataStream<CommittableMessage<String>> committables) {
            return committables
                    .map(message -> message)
                    .returns(committables.getType())
                    .name("connector pre-commit");
        }

        @Override
        public void addPostCommitTopology(DataStream<CommittableMessage<String>> committed) {
            committed
                    .map(message -> message)
                    .returns(committed.getType())
                    .name("connector post-commit");
        }

        @Override
        public Committer<String> createCommitter() {
            return CommittingSink.COMMITTER;
        }

        @Override
        public SimpleVersionedSerializer<String> getCommittableSerializer() {
            return STRINGS;
        }
    }

    static final class ConcurrentAttemptsSink extends PlainSink
            implements SupportsConcurrentExecutionAttempts {
        private static final long serialVersionUID = 1L;
    }
}
