package dev.schemaop.connectors.jdbc.sink;

import org.apache.flink.cdc.common.event.TableId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The row changes a writer has not flushed yet, as {@link RowBatch}es in arrival order. A change
 * joins its table's last batch when the operation (and table version) is the same, else it starts a
 * new batch: so the order of operations per key is kept (an insert then a delete of the same key
 * ends deleted), and tables do not split each other's batches.
 */
final class RowBuffer {
    private final List<RowBatch> batches = new ArrayList<>();
    private final Map<TableId, RowBatch> lastBatch = new HashMap<>();
    private int rowChanges;

    void add(TableWriteState table, RowOperation operation, Object[] parameters, Object[] key) {
        RowBatch batch = lastBatch.get(table.tableId());
        if (batch == null || batch.operation() != operation || batch.table() != table) {
            batch = new RowBatch(table, operation);
            batches.add(batch);
            lastBatch.put(table.tableId(), batch);
        }
        batch.add(parameters, key);
        rowChanges++;
    }

    /** Row changes added since the last {@link #clear()} (before per-key merging). */
    int rowChanges() {
        return rowChanges;
    }

    boolean isEmpty() {
        return rowChanges == 0;
    }

    List<RowBatch> batches() {
        return batches;
    }

    void clear() {
        batches.clear();
        lastBatch.clear();
        rowChanges = 0;
    }
}
