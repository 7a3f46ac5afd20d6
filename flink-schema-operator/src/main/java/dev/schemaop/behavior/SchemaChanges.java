package dev.schemaop.behavior;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.utils.SchemaUtils;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Applies schema changes to a schema, as the sink will hold it afterwards. Column changes go
 * through Flink CDC's {@link SchemaUtils#applySchemaChangeEvent}; on top of it a rename also
 * renames the column in the primary and partition keys, and a dropped column leaves them.
 */
public final class SchemaChanges {

    private SchemaChanges() {}

    /**
     * The schema a table has after {@code changes}, in order: e.g. the sink schema after a
     * derivation's {@link Derivation#toApply()}. Null when the table does not exist (it was
     * dropped, or never created).
     */
    @Nullable
    public static Schema applyAll(
            @Nullable Schema schema, List<? extends SchemaChangeEvent> changes) {
        Schema current = schema;
        for (SchemaChangeEvent change : changes) {
            current = apply(current, change);
        }
        return current;
    }

    /** The schema after {@code change}; null when the change drops the table. */
    @Nullable
    public static Schema apply(@Nullable Schema schema, SchemaChangeEvent change) {
        switch (change.getType()) {
            case CREATE_TABLE:
                return ((CreateTableEvent) change).getSchema();
            case DROP_TABLE:
                return null;
            case TRUNCATE_TABLE:
                return schema;
            default:
                Objects.requireNonNull(
                        schema, () -> "No schema of " + change.tableId() + " to apply " + change);
                return withKeysFollowing(
                        SchemaUtils.applySchemaChangeEvent(schema, change), change);
        }
    }

    private static Schema withKeysFollowing(Schema schema, SchemaChangeEvent change) {
        if (change instanceof RenameColumnEvent) {
            Map<String, String> names = ((RenameColumnEvent) change).getNameMapping();
            return withKeys(
                    schema,
                    rename(schema.primaryKeys(), names),
                    rename(schema.partitionKeys(), names));
        }
        if (change instanceof DropColumnEvent) {
            List<String> dropped = ((DropColumnEvent) change).getDroppedColumnNames();
            return withKeys(
                    schema,
                    without(schema.primaryKeys(), dropped),
                    without(schema.partitionKeys(), dropped));
        }
        return schema;
    }

    private static List<String> rename(List<String> keys, Map<String, String> names) {
        return keys.stream().map(k -> names.getOrDefault(k, k)).collect(Collectors.toList());
    }

    private static List<String> without(List<String> keys, List<String> dropped) {
        return keys.stream().filter(k -> !dropped.contains(k)).collect(Collectors.toList());
    }

    private static Schema withKeys(
            Schema schema, List<String> primaryKeys, List<String> partitionKeys) {
        if (primaryKeys.equals(schema.primaryKeys())
                && partitionKeys.equals(schema.partitionKeys())) {
            return schema;
        }
        return Schema.newBuilder()
                .setColumns(new ArrayList<>(schema.getColumns()))
                .primaryKey(primaryKeys)
                .partitionKey(partitionKeys)
                .options(schema.options())
                .comment(schema.comment())
                .build();
    }
}
