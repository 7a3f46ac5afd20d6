package dev.schemaop.faults.sink;

import dev.schemaop.connectors.values.sink.KeyHashPreWriteTopology;

import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.sink.DefaultDataChangeEventHashFunctionProvider;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.datastream.DataStream;

import java.nio.charset.StandardCharsets;

/** The checking sink's two Flink sinks: writing at once, and committing in two phases. */
final class CheckingSinks {
    private CheckingSinks() {}

    /** At-least-once: writers write on flush. */
    static class Direct implements Sink<Event> {
        private static final long serialVersionUID = 1L;
        private final String storeName;
        private final SinkFaults faults;
        private final boolean checkTables;

        Direct(String storeName, SinkFaults faults, boolean checkTables) {
            this.storeName = storeName;
            this.faults = faults;
            this.checkTables = checkTables;
        }

        @Override
        public SinkWriter<Event> createWriter(WriterInitContext context) {
            return new CheckingWriter(
                    storeName, faults, context.getTaskInfo().getIndexOfThisSubtask(), checkTables);
        }

        @Override
        @SuppressWarnings("deprecation")
        public SinkWriter<Event> createWriter(InitContext context) {
            return new CheckingWriter(
                    storeName, faults, context.getTaskInfo().getIndexOfThisSubtask(), checkTables);
        }
    }

    /** At-least-once, behind a topology that repartitions by key hash. */
    static final class RepartitionedDirect extends Direct
            implements SupportsPreWriteTopology<Event> {
        private static final long serialVersionUID = 1L;

        RepartitionedDirect(String storeName, SinkFaults faults, boolean checkTables) {
            super(storeName, faults, checkTables);
        }

        @Override
        public DataStream<Event> addPreWriteTopology(DataStream<Event> input) {
            return KeyHashPreWriteTopology.checkingLanes(
                    input, new DefaultDataChangeEventHashFunctionProvider());
        }
    }

    /** Exactly-once, behind a topology that repartitions by key hash. */
    static final class RepartitionedTwoPhase extends TwoPhase
            implements SupportsPreWriteTopology<Event> {
        private static final long serialVersionUID = 1L;

        RepartitionedTwoPhase(String storeName, SinkFaults faults, boolean checkTables) {
            super(storeName, faults, checkTables);
        }

        @Override
        public DataStream<Event> addPreWriteTopology(DataStream<Event> input) {
            return KeyHashPreWriteTopology.checkingLanes(
                    input, new DefaultDataChangeEventHashFunctionProvider());
        }
    }

    /** Exactly-once: writers stage, a committer commits on completed checkpoints. */
    static class TwoPhase implements Sink<Event>, SupportsCommitter<String> {
        private static final long serialVersionUID = 1L;
        private final String storeName;
        private final SinkFaults faults;
        private final boolean checkTables;

        TwoPhase(String storeName, SinkFaults faults, boolean checkTables) {
            this.storeName = storeName;
            this.faults = faults;
            this.checkTables = checkTables;
        }

        @Override
        public CommittingWriter createWriter(WriterInitContext context) {
            return new CommittingWriter(
                    storeName, faults, context.getTaskInfo().getIndexOfThisSubtask(), checkTables);
        }

        @Override
        @SuppressWarnings("deprecation")
        public SinkWriter<Event> createWriter(InitContext context) {
            return new CommittingWriter(
                    storeName, faults, context.getTaskInfo().getIndexOfThisSubtask(), checkTables);
        }

        @Override
        public Committer<String> createCommitter(CommitterInitContext context) {
            return new CheckingCommitter(storeName);
        }

        @Override
        public SimpleVersionedSerializer<String> getCommittableSerializer() {
            return new TransactionSerializer();
        }
    }

    /** A transaction id as UTF-8 bytes. */
    static final class TransactionSerializer implements SimpleVersionedSerializer<String> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(String transaction) {
            return transaction.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String deserialize(int version, byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
