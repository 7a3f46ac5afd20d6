package dev.schemaop.connectors.values.sink;

import org.apache.flink.api.common.functions.Partitioner;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.utils.SchemaUtils;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A pre-write topology of the shape of Apache Flink CDC's Paimon sink, for the tests and benchmarks
 * of sinks that repartition before their writers (issue 25), written only against Flink,
 * flink-cdc-common and flink-cdc-runtime's event type information: each subtask (a lane) sends a
 * row to the writer of its primary key's hash, broadcasts every flush (tagged with the lane) and
 * every schema change to all writers, and before each writer the flushes are aligned again, one per
 * source subtask once it came from every lane. A schema change becomes a {@code CreateTableEvent}
 * of the lane's schema after it, so the copies a writer gets (one per lane) are harmless. A lane
 * learns schemas from the events only: the runtime hands it a table's {@code CreateTableEvent}
 * before the table's first row, after a restore too.
 *
 * <p>Like Flink CDC's alignment, it aligns by source subtask id alone, so it relies on the runtime
 * sending a source subtask's next flush only once its last one came through.
 *
 * <p>Given the sink's hash function ({@link #checkingLanes}), a lane also checks what Flink CDC's
 * Paimon sink relies on and its dynamic-bucket assigners check: every row arrives at the lane that
 * function chooses for it, so a runtime that hands the topology rows it did not route by that
 * function fails here. The lane computes the function with the table's schema as the topology knows
 * it; a change of a key column's type that changes the key's hash between the version a row was
 * shaped for and that schema would fail the check (no test changes a key column's type, and Paimon
 * refuses it).
 */
public final class KeyHashPreWriteTopology {
    private KeyHashPreWriteTopology() {}

    /** The topology, for a sink's {@code addPreWriteTopology}. */
    public static DataStream<Event> add(DataStream<Event> input) {
        return add(input, null);
    }

    /**
     * The topology whose lanes fail a row that did not arrive at the lane the sink's hash function
     * chooses for it, for a sink's {@code addPreWriteTopology}.
     */
    public static DataStream<Event> checkingLanes(
            DataStream<Event> input, HashFunctionProvider<DataChangeEvent> sinkHashes) {
        return add(input, sinkHashes);
    }

    private static DataStream<Event> add(
            DataStream<Event> input, @Nullable HashFunctionProvider<DataChangeEvent> sinkHashes) {
        return input.transform("lanes", RoutedEvent.typeInfo(), new Lanes(sinkHashes))
                .partitionCustom(new ToWriter(), RoutedEvent::writer)
                .transform("align flushes", input.getType(), new FlushAlignment());
    }

    private static final class ToWriter implements Partitioner<Integer> {
        @Override
        public int partition(Integer writer, int writers) {
            return writer % writers;
        }
    }

    /** Routes by key hash, broadcasts flushes and schema changes. */
    static final class Lanes extends AbstractStreamOperator<RoutedEvent>
            implements OneInputStreamOperator<Event, RoutedEvent> {
        @Nullable private final HashFunctionProvider<DataChangeEvent> sinkHashes;
        private transient Map<TableId, Schema> schemas;
        private transient Map<TableId, KeyGetters> keyGetters;
        private transient int lane;
        private transient int writers;

        Lanes(@Nullable HashFunctionProvider<DataChangeEvent> sinkHashes) {
            this.sinkHashes = sinkHashes;
            setChainingStrategy(ChainingStrategy.ALWAYS);
        }

        @Override
        public void open() throws Exception {
            super.open();
            schemas = new HashMap<>();
            keyGetters = new HashMap<>();
            lane = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            writers = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
        }

        @Override
        public void processElement(StreamRecord<Event> record) {
            Event event = record.getValue();
            if (event instanceof FlushEvent) {
                broadcast(event);
            } else if (event instanceof DataChangeEvent row) {
                KeyGetters keys = keysOf(row.tableId());
                checkLane(row, keys);
                output.collect(new StreamRecord<>(new RoutedEvent(writerOf(row, keys), lane, row)));
            } else {
                broadcast(learn((SchemaChangeEvent) event));
            }
        }

        private SchemaChangeEvent learn(SchemaChangeEvent change) {
            TableId table = change.tableId();
            keyGetters.remove(table);
            if (change instanceof DropTableEvent) {
                schemas.remove(table);
                return change;
            }
            if (change instanceof TruncateTableEvent) {
                return change;
            }
            Schema before = change instanceof CreateTableEvent ? null : schemaOf(table);
            Schema after = SchemaUtils.applySchemaChangeEvent(before, change);
            schemas.put(table, after);
            return new CreateTableEvent(table, after);
        }

        private Schema schemaOf(TableId table) {
            Schema known = schemas.get(table);
            if (known == null) {
                throw new IllegalStateException(
                        "The pre-write topology got an event of "
                                + table
                                + " before the table's CreateTableEvent.");
            }
            return known;
        }

        private KeyGetters keysOf(TableId table) {
            KeyGetters keys = keyGetters.get(table);
            if (keys == null) {
                // Paimon's assigners, which this check stands for, serve tables with a key only
                HashFunction<DataChangeEvent> sinkHash =
                        sinkHashes == null
                                        || writers == 1
                                        || schemaOf(table).primaryKeys().isEmpty()
                                ? null
                                : sinkHashes.getHashFunction(table, schemaOf(table));
                keys = KeyGetters.of(table, schemaOf(table), sinkHash);
                keyGetters.put(table, keys);
            }
            return keys;
        }

        /**
         * The lanes run at the sink's parallelism, the number of channels the runtime hashes to.
         */
        private void checkLane(DataChangeEvent row, KeyGetters keys) {
            if (keys.sinkHash() == null) {
                return;
            }
            int chosen = Math.floorMod(keys.sinkHash().hashcode(row), writers);
            if (chosen != lane) {
                throw new IllegalStateException(
                        "A row of "
                                + row.tableId()
                                + " arrived at lane "
                                + lane
                                + " of the pre-write topology, but the sink's hash function"
                                + " chooses lane "
                                + chosen
                                + " for it: the runtime did not route it by that function, as"
                                + " Flink CDC's sinks with a pre-write topology require (its Paimon"
                                + " sink's bucket assigners fail such a row too). Row: "
                                + row);
            }
        }

        private int writerOf(DataChangeEvent row, KeyGetters keys) {
            if (keys.getters().isEmpty()) {
                return lane;
            }
            RecordData record = row.after() != null ? row.after() : row.before();
            int hash = keys.tableHash();
            for (RecordData.FieldGetter key : keys.getters()) {
                hash = 31 * hash + Objects.hashCode(key.getFieldOrNull(record));
            }
            return Math.floorMod(hash, writers);
        }

        private void broadcast(Event event) {
            for (int writer = 0; writer < writers; writer++) {
                output.collect(new StreamRecord<>(new RoutedEvent(writer, lane, event)));
            }
        }
    }

    /**
     * A table's primary key getters, its hash and the sink's hash function (none when unchecked),
     * made once per table schema, not per row.
     */
    private record KeyGetters(
            List<RecordData.FieldGetter> getters,
            int tableHash,
            @Nullable HashFunction<DataChangeEvent> sinkHash) {
        static KeyGetters of(
                TableId table, Schema schema, @Nullable HashFunction<DataChangeEvent> sinkHash) {
            List<RecordData.FieldGetter> all = SchemaUtils.createFieldGetters(schema);
            List<RecordData.FieldGetter> keys = new ArrayList<>();
            for (String key : schema.primaryKeys()) {
                keys.add(all.get(schema.getColumnNames().indexOf(key)));
            }
            return new KeyGetters(keys, table.hashCode(), sinkHash);
        }
    }

    /** One flush per source subtask, once it came from every lane. */
    static final class FlushAlignment extends AbstractStreamOperator<Event>
            implements OneInputStreamOperator<RoutedEvent, Event> {
        private transient Map<Integer, Set<Integer>> lanesSeen;
        private transient int lanes;

        FlushAlignment() {
            setChainingStrategy(ChainingStrategy.ALWAYS);
        }

        @Override
        public void open() throws Exception {
            super.open();
            lanesSeen = new HashMap<>();
            // The lanes run at the writers' parallelism, as Flink CDC's bucket assigners do.
            lanes = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
        }

        @Override
        public void processElement(StreamRecord<RoutedEvent> record) {
            Event event = record.getValue().event();
            if (!(event instanceof FlushEvent flush)) {
                output.collect(new StreamRecord<>(event));
                return;
            }
            Set<Integer> seen =
                    lanesSeen.computeIfAbsent(flush.getSourceSubTaskId(), s -> new HashSet<>());
            seen.add(record.getValue().lane());
            if (seen.size() == lanes) {
                lanesSeen.remove(flush.getSourceSubTaskId());
                output.collect(new StreamRecord<>(flush));
            }
        }
    }
}
