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
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.utils.SchemaUtils;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

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
 */
public final class KeyHashPreWriteTopology {
    private KeyHashPreWriteTopology() {}

    /** The topology, for a sink's {@code addPreWriteTopology}. */
    public static DataStream<Event> add(DataStream<Event> input) {
        return input.transform("lanes", RoutedEvent.typeInfo(), new Lanes())
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
        private transient Map<TableId, Schema> schemas;
        private transient Map<TableId, KeyGetters> keyGetters;
        private transient int lane;
        private transient int writers;

        Lanes() {
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
                output.collect(new StreamRecord<>(new RoutedEvent(writerOf(row), lane, row)));
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

        private int writerOf(DataChangeEvent row) {
            KeyGetters keys = keyGetters.get(row.tableId());
            if (keys == null) {
                keys = KeyGetters.of(row.tableId(), schemaOf(row.tableId()));
                keyGetters.put(row.tableId(), keys);
            }
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

    /** A table's primary key getters and its hash, both made once per table schema, not per row. */
    private record KeyGetters(List<RecordData.FieldGetter> getters, int tableHash) {
        static KeyGetters of(TableId table, Schema schema) {
            List<RecordData.FieldGetter> all = SchemaUtils.createFieldGetters(schema);
            List<RecordData.FieldGetter> keys = new ArrayList<>();
            for (String key : schema.primaryKeys()) {
                keys.add(all.get(schema.getColumnNames().indexOf(key)));
            }
            return new KeyGetters(keys, table.hashCode());
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
