package dev.schemaop.operator;

import dev.schemaop.protocol.SinkRouting;
import dev.schemaop.types.DiscardListener;
import dev.schemaop.types.RowReshaper;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.HashMap;
import java.util.Map;

/**
 * The way from one upstream table to one of its sink tables: reshapes rows by column name onto the
 * sink schema version the subtask knows, and picks the sink subtask by the sink table and primary
 * key. The reshaper and hash function are built once per pair of schema versions, not per row.
 */
final class SinkBinding {
    final TableId source;
    final SinkView view;
    private final HashFunctionProvider<DataChangeEvent> hashes;
    private final DiscardListener discards;
    private final int channels;

    /** The upstream table's renamed columns (old name to new), kept up to date by its owner. */
    private final Map<String, String> renames;

    private Schema builtFrom;
    private int builtVersion = -1;
    private RowReshaper reshaper;
    private HashFunction<DataChangeEvent> hash;
    private boolean passThrough;

    SinkBinding(
            TableId source,
            SinkView view,
            HashFunctionProvider<DataChangeEvent> hashes,
            DiscardListener discards,
            int channels,
            Map<String, String> renames) {
        this.source = source;
        this.renames = renames;
        this.view = view;
        this.hashes = hashes;
        this.discards = discards;
        this.channels = channels;
    }

    DataChangeEvent shape(DataChangeEvent row, Schema upstream) {
        if (upstream != builtFrom || view.version != builtVersion) {
            rebuild(upstream);
        }
        if (passThrough) {
            return row;
        }
        RecordData before = row.before() == null ? null : reshaper.reshape(row.before());
        RecordData after = row.after() == null ? null : reshaper.reshape(row.after());
        return DataChangeEvent.projectRecords(
                DataChangeEvent.route(row, view.table), before, after);
    }

    /** Sends a shaped row to its sink subtask, or its old key's delete and new key's insert. */
    void send(DataChangeEvent shapedRow, SinkChannels out, int version) {
        int channel = SinkRouting.channelOf(hash, shapedRow, channels);
        DataChangeEvent oldKey = SinkRouting.oldKeyElsewhere(hash, shapedRow, channels, channel);
        if (oldKey != null) {
            out.row(SinkRouting.channelOf(hash, oldKey, channels), version, oldKey);
            out.row(channel, version, SinkRouting.newKeyInsert(shapedRow));
            return;
        }
        out.row(channel, version, shapedRow);
    }

    /**
     * The sink's key columns that the upstream table no longer has under that name, each with the
     * name its column has now: LENIENT and IGNORE keep a renamed key column, and the rows fill it
     * (SPEC §7).
     */
    private Map<String, String> keyFeeds(Schema upstream) {
        Map<String, String> feeds = new HashMap<>();
        for (String key : view.schema.primaryKeys()) {
            String now = renames.get(key);
            if (now != null
                    && upstream.getColumn(key).isEmpty()
                    && upstream.getColumn(now).isPresent()) {
                feeds.put(key, now);
            }
        }
        return feeds;
    }

    private void rebuild(Schema upstream) {
        reshaper = RowReshaper.ontoSink(upstream, view.schema, keyFeeds(upstream), discards);
        hash = hashes.getHashFunction(view.table, view.schema);
        passThrough = reshaper.isIdentity() && source.equals(view.table);
        builtFrom = upstream;
        builtVersion = view.version;
    }
}
