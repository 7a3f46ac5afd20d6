package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.benchmarks.probe.Probes;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.types.DataType;

import java.util.Optional;
import java.util.Set;

/**
 * The JDBC sink's applier, every call passed on; each {@code applySchemaChange} after a creation is
 * timed: the applier's catalog read and its DDL at the database (on PostgreSQL in one transaction).
 * It keeps {@link ExistingTableSchemaExpansionSupport}, which the runtime checks by {@code
 * instanceof}, so the runtime treats it exactly as the JDBC applier.
 */
final class TimedApplier implements MetadataApplier, ExistingTableSchemaExpansionSupport {
    private static final long serialVersionUID = 1L;

    private final MetadataApplier jdbcApplier;
    private final ExistingTableSchemaExpansionSupport describing;
    private final String runId;

    TimedApplier(MetadataApplier jdbcApplier, String runId) {
        if (!(jdbcApplier instanceof ExistingTableSchemaExpansionSupport)) {
            throw new IllegalArgumentException(
                    "The JDBC applier no longer describes tables: " + jdbcApplier);
        }
        this.jdbcApplier = jdbcApplier;
        this.describing = (ExistingTableSchemaExpansionSupport) jdbcApplier;
        this.runId = runId;
    }

    @Override
    public void applySchemaChange(SchemaChangeEvent change) throws SchemaEvolveException {
        long started = System.nanoTime();
        jdbcApplier.applySchemaChange(change);
        long took = System.nanoTime() - started;
        Probes.of(runId).applierCall();
        if (!(change instanceof CreateTableEvent)) {
            Probes.of(runId).sinkCalls().applied(started, took);
        }
    }

    @Override
    public MetadataApplier setAcceptedSchemaEvolutionTypes(Set<SchemaChangeEventType> types) {
        jdbcApplier.setAcceptedSchemaEvolutionTypes(types);
        return this;
    }

    @Override
    public boolean acceptsSchemaEvolutionType(SchemaChangeEventType type) {
        return jdbcApplier.acceptsSchemaEvolutionType(type);
    }

    @Override
    public Set<SchemaChangeEventType> getSupportedSchemaEvolutionTypes() {
        return jdbcApplier.getSupportedSchemaEvolutionTypes();
    }

    /** Timed too: the runtime may read a table back from the database around a change. */
    @Override
    public Optional<Schema> getExistingTableSchema(TableId tableId) {
        return describing.getExistingTableSchema(tableId);
    }

    @Override
    public DataType normalizeToTargetDataType(
            TableId tableId, String column, DataType pipelineType, Schema existingTargetSchema) {
        return describing.normalizeToTargetDataType(
                tableId, column, pipelineType, existingTargetSchema);
    }

    @Override
    public boolean isColumnNameCaseSensitive() {
        return describing.isColumnNameCaseSensitive();
    }

    @Override
    public void close() throws Exception {
        jdbcApplier.close();
    }
}
