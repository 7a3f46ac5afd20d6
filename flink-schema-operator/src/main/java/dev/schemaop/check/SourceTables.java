package dev.schemaop.check;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.source.MetadataAccessor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Every table a source's {@link MetadataAccessor} lists, with its schema, in listing order. */
final class SourceTables {
    private SourceTables() {}

    /**
     * Namespaces and schema names a source does not have (an empty list, or {@link
     * UnsupportedOperationException} as Flink CDC's accessors throw) are read as null, as table ids
     * without them carry it.
     */
    static Map<TableId, Schema> read(MetadataAccessor accessor) {
        Map<TableId, Schema> tables = new LinkedHashMap<>();
        for (String namespace : levels(accessor::listNamespaces)) {
            for (String schemaName : levels(() -> accessor.listSchemas(namespace))) {
                for (TableId table : accessor.listTables(namespace, schemaName)) {
                    tables.put(table, accessor.getTableSchema(table));
                }
            }
        }
        return tables;
    }

    private static List<String> levels(Supplier<List<String>> names) {
        List<String> listed;
        try {
            listed = names.get();
        } catch (UnsupportedOperationException none) {
            listed = null;
        }
        return listed == null || listed.isEmpty()
                ? new ArrayList<>(Arrays.asList((String) null))
                : listed;
    }
}
