package dev.schemaop.connectors.paimon.applier;

import dev.schemaop.connectors.paimon.PaimonSinkOptions;
import dev.schemaop.connectors.paimon.catalog.TableNames;
import dev.schemaop.connectors.paimon.catalog.TableSettings;
import dev.schemaop.connectors.paimon.sink.Truncations;
import dev.schemaop.connectors.paimon.types.PaimonTypes;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataField;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One schema change event as Paimon catalog calls. Each is idempotent: a change the table has
 * already (a replay after a failover) is not made again. Changes Paimon refuses for key columns are
 * refused here first, with the column and the rule.
 */
final class PaimonChanges {
    private static final Logger LOG = LoggerFactory.getLogger(PaimonChanges.class);

    private final Catalog catalog;
    private final TableSettings settings;

    PaimonChanges(Catalog catalog, TableSettings settings) {
        this.catalog = catalog;
        this.settings = settings;
    }

    static Identifier identifier(TableId table) {
        return TableNames.identifier(table);
    }

    void apply(SchemaChangeEvent event) throws Exception {
        if (event instanceof CreateTableEvent) {
            create((CreateTableEvent) event);
        } else if (event instanceof AddColumnEvent) {
            add((AddColumnEvent) event);
        } else if (event instanceof DropColumnEvent) {
            drop((DropColumnEvent) event);
        } else if (event instanceof RenameColumnEvent) {
            rename((RenameColumnEvent) event);
        } else if (event instanceof AlterColumnTypeEvent) {
            alterType((AlterColumnTypeEvent) event);
        } else if (event instanceof TruncateTableEvent) {
            truncate(event.tableId());
        } else if (event instanceof DropTableEvent) {
            catalog.dropTable(identifier(event.tableId()), true);
        } else {
            throw new RefusedChange("the Paimon sink does not apply " + event.getType().getTag());
        }
    }

    private void create(CreateTableEvent event) throws Exception {
        Identifier id = identifier(event.tableId());
        org.apache.flink.cdc.common.schema.Schema pipeline = event.getSchema();
        Schema.Builder schema = Schema.newBuilder();
        for (Column column : pipeline.getColumns()) {
            schema.column(
                    column.getName(), PaimonTypes.toPaimon(column.getType()), column.getComment());
        }
        List<String> partitionKeys = settings.partitionKeysOf(event.tableId());
        if (partitionKeys.isEmpty()) {
            partitionKeys = pipeline.partitionKeys();
        }
        for (String key : partitionKeys) {
            if (pipeline.getColumn(key).isEmpty()) {
                throw new RefusedChange(
                        "partition.key names the column '"
                                + key
                                + "' for "
                                + event.tableId()
                                + ", which has no such column (it has "
                                + pipeline.getColumnNames()
                                + ")");
            }
        }
        Map<String, String> options = new HashMap<>(settings.options());
        if (!pipeline.primaryKeys().isEmpty()) {
            // Dynamic buckets (Paimon's default, -1) need a bucket-assigning shuffle before the
            // writers, which the runtime's flush cannot cross: the sink writes fixed buckets.
            options.putIfAbsent("bucket", String.valueOf(PaimonSinkOptions.DEFAULT_BUCKETS));
            for (String key : partitionKeys) {
                if (!pipeline.primaryKeys().contains(key)) {
                    throw new RefusedChange(
                            "partition key '"
                                    + key
                                    + "' of "
                                    + event.tableId()
                                    + " is not in its primary key "
                                    + pipeline.primaryKeys()
                                    + ": a Paimon primary-key table with fixed buckets keeps each"
                                    + " key in one partition. Name partition keys from the"
                                    + " primary key in partition.key");
                }
            }
        } else if (!options.containsKey("bucket-key")) {
            // A table without a key is an append table: with a bucket count Paimon would also
            // need a bucket-key, which the user did not name for it.
            options.remove("bucket");
        }
        schema.primaryKey(pipeline.primaryKeys())
                .partitionKeys(partitionKeys)
                .options(options)
                .comment(pipeline.comment());
        catalog.createDatabase(id.getDatabaseName(), true);
        catalog.createTable(id, schema.build(), true);
    }

    private void add(AddColumnEvent event) throws Exception {
        Identifier id = identifier(event.tableId());
        List<String> present = table(id).schema().fieldNames();
        List<SchemaChange> changes = new ArrayList<>();
        for (AddColumnEvent.ColumnWithPosition added : event.getAddedColumns()) {
            Column column = added.getAddColumn();
            if (present.contains(column.getName())) {
                continue;
            }
            changes.add(
                    SchemaChange.addColumn(
                            column.getName(),
                            PaimonTypes.toPaimon(column.getType()),
                            column.getComment(),
                            move(added)));
        }
        alter(id, changes);
    }

    private static SchemaChange.Move move(AddColumnEvent.ColumnWithPosition added) {
        String name = added.getAddColumn().getName();
        switch (added.getPosition()) {
            case FIRST:
                return SchemaChange.Move.first(name);
            case AFTER:
                return SchemaChange.Move.after(name, added.getExistedColumnName());
            case BEFORE:
                return SchemaChange.Move.before(name, added.getExistedColumnName());
            default:
                return null; // last
        }
    }

    private void drop(DropColumnEvent event) throws Exception {
        Identifier id = identifier(event.tableId());
        TableSchema schema = table(id).schema();
        List<SchemaChange> changes = new ArrayList<>();
        for (String column : event.getDroppedColumnNames()) {
            if (schema.fieldNames().contains(column)) {
                refuseKeyColumn(schema, column, "dropped", event.tableId());
                changes.add(SchemaChange.dropColumn(column));
            }
        }
        alter(id, changes);
    }

    private void rename(RenameColumnEvent event) throws Exception {
        Identifier id = identifier(event.tableId());
        TableSchema schema = table(id).schema();
        List<SchemaChange> changes = new ArrayList<>();
        for (Map.Entry<String, String> rename : event.getNameMapping().entrySet()) {
            if (schema.fieldNames().contains(rename.getKey())) {
                refuseKeyColumn(schema, rename.getKey(), "renamed", event.tableId());
                changes.add(SchemaChange.renameColumn(rename.getKey(), rename.getValue()));
            }
        }
        alter(id, changes);
    }

    private void alterType(AlterColumnTypeEvent event) throws Exception {
        Identifier id = identifier(event.tableId());
        TableSchema schema = table(id).schema();
        List<SchemaChange> changes = new ArrayList<>();
        for (Map.Entry<String, org.apache.flink.cdc.common.types.DataType> retype :
                event.getTypeMapping().entrySet()) {
            DataField field = schema.nameToFieldMap().get(retype.getKey());
            org.apache.paimon.types.DataType type = PaimonTypes.toPaimon(retype.getValue());
            if (field == null || field.type().equals(type)) {
                continue;
            }
            refuseKeyColumn(schema, retype.getKey(), "given another type", event.tableId());
            changes.add(SchemaChange.updateColumnType(retype.getKey(), type));
        }
        alter(id, changes);
    }

    /** Paimon keeps a table's rows by its primary key and in directories by its partition keys. */
    private static void refuseKeyColumn(
            TableSchema schema, String column, String how, TableId table) {
        String rule = null;
        if (schema.primaryKeys().contains(column)) {
            rule = "a primary key column";
        } else if (schema.partitionKeys().contains(column)) {
            rule = "a partition key column";
        }
        if (rule != null) {
            throw new RefusedChange(
                    "column '"
                            + column
                            + "' of "
                            + table
                            + " is "
                            + rule
                            + " of the Paimon table, and Paimon does not let such a column be "
                            + how
                            + " (the table's files are laid out by it); only a new table can"
                            + " have it changed");
        }
    }

    private void truncate(TableId tableId) throws Exception {
        // An overwrite commit with no files, marked so that the committers leave out files
        // written before it that wait for their commit.
        Truncations.truncate(table(identifier(tableId)));
    }

    private void alter(Identifier id, List<SchemaChange> changes) throws Exception {
        if (changes.isEmpty()) {
            LOG.info("Paimon table {} has the change already: nothing to alter", id);
            return;
        }
        catalog.alterTable(id, changes, false);
    }

    private FileStoreTable table(Identifier id) throws Catalog.TableNotExistException {
        return (FileStoreTable) catalog.getTable(id);
    }

    /** A change this sink does not make, with the reason and what the user can do. */
    static final class RefusedChange extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        RefusedChange(String message) {
            super(message);
        }
    }
}
