package dev.schemaop.operator;

import dev.schemaop.types.DiscardListener;
import dev.schemaop.types.RowReshaper;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.OperationType;
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

    private int channelOf(DataChangeEvent shapedRow) {
        if (channels == 1) {
            return 0; // nothing to choose: no need to hash the key
        }
        return Math.floorMod(hash.hashcode(shapedRow), channels);
    }

    /**
     * Sends a shaped row to its sink subtask. An update that moves a row to a key of another
     * subtask goes as a delete of the old key to the old key's subtask and an insert of the new one
     * to the new key's: every event of a key then reaches the one subtask that owns the key (G3),
     * and a sink whose writers own parts of a table (Paimon's buckets) never writes into another
     * writer's part.
     */
    void send(DataChangeEvent shapedRow, SinkChannels out, int version) {
        int channel = channelOf(shapedRow);
        if (channels > 1 && shapedRow.op() == OperationType.UPDATE) {
            DataChangeEvent delete =
                    DataChangeEvent.deleteEvent(
                            shapedRow.tableId(), shapedRow.before(), shapedRow.meta());
            int oldKeyChannel = channelOf(delete);
            if (oldKeyChannel != channel) {
                out.row(oldKeyChannel, version, delete);
                out.row(
                        channel,
                        version,
                        DataChangeEvent.insertEvent(
                                shapedRow.tableId(), shapedRow.after(), shapedRow.meta()));
                return;
            }
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
