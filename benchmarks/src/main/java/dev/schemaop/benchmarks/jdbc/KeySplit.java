package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.benchmarks.workload.SplitEvents;
import dev.schemaop.benchmarks.workload.Workload;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.function.HashFunction;
import org.apache.flink.cdc.common.function.HashFunctionProvider;

import java.util.Arrays;

/**
 * The rows of a one-table workload dealt out to {@code channels} writers as the pipeline deals
 * them: the generator's own rows, hashed by the sink's hash function of the pipeline's table, the
 * channel being {@code floorMod(hash, channels)} (the schema operator's choice). Computed before
 * the loop's clock starts.
 */
public final class KeySplit {
    private KeySplit() {}

    /** The sequence numbers of the rows of each channel, in generated order. */
    public static long[][] of(
            Workload workload,
            TableId pipelineTable,
            int channels,
            HashFunctionProvider<DataChangeEvent> hashes) {
        long rows = workload.rowsPerTable();
        long[][] seqs = new long[channels][];
        if (channels == 1) {
            seqs[0] = new long[Math.toIntExact(rows)];
            Arrays.setAll(seqs[0], i -> i);
            return seqs;
        }
        long[][] grown = new long[channels][Math.toIntExact(rows / channels + 1)];
        int[] counts = new int[channels];
        SplitEvents events =
                new SplitEvents(workload.inSchema(pipelineTable.getSchemaName()), 0, 1);
        HashFunction<DataChangeEvent> hash = null;
        for (Event event = events.next(); event != null; event = events.next()) {
            if (event instanceof CreateTableEvent) {
                hash =
                        hashes.getHashFunction(
                                pipelineTable, ((CreateTableEvent) event).getSchema());
            } else if (event instanceof DataChangeEvent) {
                DataChangeEvent row = (DataChangeEvent) event;
                int channel = Math.floorMod(hash.hashcode(row), channels);
                if (counts[channel] == grown[channel].length) {
                    grown[channel] = Arrays.copyOf(grown[channel], grown[channel].length * 2);
                }
                grown[channel][counts[channel]++] = row.after().getLong(0);
            }
        }
        for (int channel = 0; channel < channels; channel++) {
            seqs[channel] = Arrays.copyOf(grown[channel], counts[channel]);
        }
        return seqs;
    }
}
