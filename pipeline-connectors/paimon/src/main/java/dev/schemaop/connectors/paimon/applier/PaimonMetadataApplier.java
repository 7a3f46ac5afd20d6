package dev.schemaop.connectors.paimon.applier;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.api.SchemaChangeStatements;
import dev.schemaop.api.UnwrittenColumns;
import dev.schemaop.connectors.paimon.catalog.CatalogSettings;
import dev.schemaop.connectors.paimon.catalog.TableSettings;
import dev.schemaop.connectors.paimon.types.PaimonTypes;
import dev.schemaop.connectors.paimon.types.UnsupportedTypeException;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.Table;
import org.apache.paimon.types.DataField;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Applies schema changes to Paimon tables through Paimon's catalog ({@link PaimonChanges} turns
 * each event into Paimon {@code SchemaChange}s) and describes the tables the catalog has (SPEC §1).
 * It is serialized into the job graph and runs on the JobManager; its catalog is opened on first
 * use.
 */
public class PaimonMetadataApplier
        implements MetadataApplier, ExistingTableSchemaExpansionSupport, SchemaChangeStatements {
    private static final long serialVersionUID = 1L;

    private static final Set<SchemaChangeEventType> SUPPORTED =
            EnumSet.allOf(SchemaChangeEventType.class);

    private final CatalogSettings catalogSettings;
    private final TableSettings tableSettings;
    private EnumSet<SchemaChangeEventType> accepted = EnumSet.allOf(SchemaChangeEventType.class);

    private transient Catalog catalog;

    public PaimonMetadataApplier(CatalogSettings catalogSettings, TableSettings tableSettings) {
        this.catalogSettings = catalogSettings;
        this.tableSettings = tableSettings;
    }

    @Override
    public synchronized MetadataApplier setAcceptedSchemaEvolutionTypes(
            Set<SchemaChangeEventType> types) {
        accepted = EnumSet.noneOf(SchemaChangeEventType.class);
        if (types != null) {
            accepted.addAll(types);
        }
        return this;
    }

    @Override
    public synchronized boolean acceptsSchemaEvolutionType(SchemaChangeEventType type) {
        return accepted.contains(type);
    }

    /** All seven: Paimon adds columns at any position, and truncates with an overwrite commit. */
    @Override
    public Set<SchemaChangeEventType> getSupportedSchemaEvolutionTypes() {
        return SUPPORTED;
    }

    @Override
    public synchronized void applySchemaChange(SchemaChangeEvent event)
            throws SchemaEvolveException {
        try {
            new PaimonChanges(catalog(), tableSettings).apply(event);
        } catch (UnsupportedTypeException e) {
            throw new UnsupportedSchemaChangeEventException(event, e.getMessage());
        } catch (PaimonChanges.RefusedChange e) {
            throw new UnsupportedSchemaChangeEventException(event, e.getMessage());
        } catch (Exception e) {
            throw new SchemaEvolveException(
                    event,
                    "the Paimon sink ("
                            + catalogSettings
                            + ") could not apply "
                            + event.getType().getTag()
                            + " to "
                            + event.tableId()
                            + ": "
                            + withoutFinalPeriod(catalogSettings.mask(e.getMessage())),
                    catalogSettings.scrub(e));
        }
    }

    /** The runtime ends the message with its own sentence. */
    private static String withoutFinalPeriod(String message) {
        return message != null && message.endsWith(".")
                ? message.substring(0, message.length() - 1)
                : message;
    }

    @Override
    public synchronized Optional<Schema> getExistingTableSchema(TableId tableId) {
        if (catalog == null && catalogSettings.warehouseMissing()) {
            return Optional.empty(); // and the directory is not created for the question
        }
        Table table;
        try {
            table = catalog().getTable(PaimonChanges.identifier(tableId));
        } catch (Catalog.TableNotExistException missing) {
            return Optional.empty();
        }
        if (!(table instanceof FileStoreTable)) {
            throw new IllegalStateException(
                    "Paimon table "
                            + tableId
                            + " is a "
                            + table.getClass().getSimpleName()
                            + ", not a table of Paimon's own files: the Paimon sink writes only"
                            + " those. Route the pipeline's table to another name");
        }
        return Optional.of(pipelineSchemaOf(tableId, (FileStoreTable) table));
    }

    /** The table as the pipeline sees it: columns with their Paimon types, keys, options. */
    static Schema pipelineSchemaOf(TableId tableId, FileStoreTable table) {
        Schema.Builder schema = Schema.newBuilder();
        for (DataField field : table.schema().fields()) {
            DataType type;
            try {
                type = PaimonTypes.toPipeline(field.type());
            } catch (UnsupportedTypeException e) {
                throw new UnsupportedTypeException(
                        "Column '"
                                + field.name()
                                + "' of the existing Paimon table "
                                + tableId
                                + ": "
                                + e.getMessage()
                                + ". Route the pipeline's table to another name, or drop the"
                                + " column from the Paimon table");
            }
            schema.column(Column.physicalColumn(field.name(), type, field.description()));
        }
        return schema.primaryKey(table.schema().primaryKeys())
                .partitionKey(table.schema().partitionKeys())
                .options(table.schema().options())
                .comment(table.schema().comment())
                .build();
    }

    /**
     * The type Paimon keeps for the pipeline type: its namesake (TIMESTAMP_TZ as TIMESTAMP_LTZ).
     */
    @Override
    public DataType normalizeToTargetDataType(
            TableId tableId, String column, DataType pipelineType, Schema existingTargetSchema) {
        return PaimonTypes.toPipeline(PaimonTypes.toPaimon(pipelineType));
    }

    @Override
    public synchronized boolean isColumnNameCaseSensitive() {
        return catalog().caseSensitive();
    }

    /** Flink SQL on the Paimon catalog: what a user runs to make the change by hand. */
    @Override
    public List<String> statementsFor(SchemaChangeEvent change, Schema current) {
        return PaimonStatements.of(change);
    }

    @Override
    public List<String> primaryKeyStatements(TableId table, Schema current, List<String> key) {
        return PaimonStatements.primaryKey(table, key);
    }

    /** The writers write whole rows: a column the pipeline does not have is null in each. */
    @Override
    public UnwrittenColumns unwrittenColumns() {
        return UnwrittenColumns.WRITTEN_AS_NULL;
    }

    private Catalog catalog() {
        if (catalog == null) {
            catalog = catalogSettings.open();
        }
        return catalog;
    }

    @Override
    public synchronized void close() throws Exception {
        if (catalog != null) {
            catalog.close();
            catalog = null;
        }
    }

    @Override
    public String toString() {
        return "PaimonMetadataApplier{" + catalogSettings + "}";
    }
}
