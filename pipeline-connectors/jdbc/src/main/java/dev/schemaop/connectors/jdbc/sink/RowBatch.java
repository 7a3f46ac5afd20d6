package dev.schemaop.connectors.jdbc.sink;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Consecutive row changes of one table with the same {@link RowOperation}: one JDBC batch of one
 * prepared statement. Keyed operations keep only the last change per key (the batch holds one kind
 * of operation, so the last one is what the key ends as), so a batch never touches a row twice.
 */
final class RowBatch {
    private final TableWriteState table;
    private final RowOperation operation;
    private final Map<List<Object>, Object[]> byKey = new LinkedHashMap<>();
    private final List<Object[]> inOrder = new ArrayList<>();

    RowBatch(TableWriteState table, RowOperation operation) {
        this.table = table;
        this.operation = operation;
    }

    TableWriteState table() {
        return table;
    }

    RowOperation operation() {
        return operation;
    }

    /** Adds the statement parameters of one row change. */
    void add(Object[] parameters, Object[] key) {
        if (operation == RowOperation.UPSERT || operation == RowOperation.DELETE_BY_KEY) {
            byKey.put(TableWriteState.keyIdentity(key), parameters);
        } else {
            inOrder.add(parameters);
        }
    }

    /** The parameters of each statement execution, in order. */
    Collection<Object[]> parameters() {
        return operation == RowOperation.UPSERT || operation == RowOperation.DELETE_BY_KEY
                ? byKey.values()
                : inOrder;
    }

    int size() {
        return parameters().size();
    }

    @Override
    public String toString() {
        return operation.name().toLowerCase(Locale.ROOT).replace('_', ' ')
                + " of "
                + size()
                + " row(s) in "
                + table.path();
    }
}
