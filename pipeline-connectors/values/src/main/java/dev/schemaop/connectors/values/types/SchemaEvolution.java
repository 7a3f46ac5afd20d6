package dev.schemaop.connectors.values.types;

import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.utils.SchemaUtils;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Applies a schema change to a {@link Schema} with {@link SchemaUtils#applySchemaChangeEvent}, then
 * keeps the key lists consistent: {@code SchemaUtils} leaves primary and partition keys untouched,
 * so a renamed key column is renamed in the key lists too and a dropped key column is removed from
 * them (as a database would).
 */
public final class SchemaEvolution {

    private SchemaEvolution() {}

    public static Schema apply(Schema schema, SchemaChangeEvent event) {
        Schema changed = SchemaUtils.applySchemaChangeEvent(schema, event);
        if (event instanceof RenameColumnEvent) {
            Map<String, String> mapping = ((RenameColumnEvent) event).getNameMapping();
            return withKeys(
                    changed,
                    rename(changed.primaryKeys(), mapping),
                    rename(changed.partitionKeys(), mapping));
        }
        if (event instanceof DropColumnEvent) {
            List<String> dropped = ((DropColumnEvent) event).getDroppedColumnNames();
            List<String> pks = new ArrayList<>(changed.primaryKeys());
            pks.removeAll(dropped);
            List<String> parts = new ArrayList<>(changed.partitionKeys());
            parts.removeAll(dropped);
            return withKeys(changed, pks, parts);
        }
        return changed;
    }

    private static List<String> rename(List<String> names, Map<String, String> mapping) {
        List<String> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(mapping.getOrDefault(n, n));
        }
        return out;
    }

    private static Schema withKeys(Schema schema, List<String> pks, List<String> parts) {
        if (pks.equals(schema.primaryKeys()) && parts.equals(schema.partitionKeys())) {
            return schema;
        }
        Schema.Builder builder =
                Schema.newBuilder()
                        .setColumns(new ArrayList<Column>(schema.getColumns()))
                        .primaryKey(pks)
                        .partitionKey(parts)
                        .options(schema.options());
        if (schema.comment() != null) {
            builder.comment(schema.comment());
        }
        return builder.build();
    }
}
