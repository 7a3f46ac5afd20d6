package dev.schemaop.faults.sink;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;

import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.exceptions.UnsupportedSchemaChangeEventException;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypeRoot;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The checking sink's DDL: it owns the tables, as a database does. A change that does not fit the
 * table fails, as a database's DDL fails. It describes its tables, so the runtime can read a change
 * back after a failure. With {@code refusing} (TRY_EVOLVE runs) it does not support drop.column and
 * refuses every ALTER to a VARCHAR type as unsupported. A {@code forgiving} applier records a
 * change that does not fit and goes on, as an idempotent applier would.
 */
final class CheckingApplier implements MetadataApplier, ExistingTableSchemaExpansionSupport {
    private static final long serialVersionUID = 1L;

    private final String storeName;
    private final SinkFaults faults;
    private final boolean refusing;
    private final long delayMillis;
    private final boolean forgiving;
    private Set<SchemaChangeEventType> accepted = EnumSet.allOf(SchemaChangeEventType.class);

    /**
     * @param delayMillis how long each call takes before it acts, as a slow database's DDL does:
     *     checkpoints then land while changes are pending
     */
    CheckingApplier(
            String storeName,
            SinkFaults faults,
            boolean refusing,
            long delayMillis,
            boolean forgiving) {
        this.storeName = storeName;
        this.faults = faults;
        this.refusing = refusing;
        this.delayMillis = delayMillis;
        this.forgiving = forgiving;
    }

    @Override
    public void applySchemaChange(SchemaChangeEvent change) throws SchemaEvolveException {
        CheckingStore store = CheckingStore.named(storeName);
        long call = store.count("applier calls");
        if (delayMillis > 0) {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SchemaEvolveException(change, "interrupted", e);
            }
        }
        SinkFaults.failIf(
                faults.applierBefore(), call, "applier call before applying " + change, store);
        if (refusing && retypesToText(change)) {
            throw new UnsupportedSchemaChangeEventException(
                    change, "the checking sink refuses ALTER to VARCHAR");
        }
        String misfit = store.apply(change);
        if (misfit != null && !forgiving) {
            throw new SchemaEvolveException(change, misfit);
        }
        if (change instanceof TruncateTableEvent && faults.applierAfter().contains(call)) {
            // Nothing in a table tells that a truncate happened: the runtime makes it again.
            store.mayRepeat(change);
        }
        SinkFaults.failIf(
                faults.applierAfter(), call, "applier call after applying " + change, store);
    }

    private static boolean retypesToText(SchemaChangeEvent change) {
        return change instanceof AlterColumnTypeEvent alter
                && alter.getTypeMapping().values().stream()
                        .anyMatch(t -> t.is(DataTypeRoot.VARCHAR));
    }

    @Override
    public Set<SchemaChangeEventType> getSupportedSchemaEvolutionTypes() {
        Set<SchemaChangeEventType> supported = EnumSet.allOf(SchemaChangeEventType.class);
        if (refusing) {
            supported.remove(SchemaChangeEventType.DROP_COLUMN);
        }
        return supported;
    }

    @Override
    public MetadataApplier setAcceptedSchemaEvolutionTypes(Set<SchemaChangeEventType> types) {
        accepted = EnumSet.noneOf(SchemaChangeEventType.class);
        accepted.addAll(types);
        return this;
    }

    @Override
    public boolean acceptsSchemaEvolutionType(SchemaChangeEventType type) {
        return accepted.contains(type);
    }

    @Override
    public Optional<Schema> getExistingTableSchema(TableId table) {
        return CheckingStore.named(storeName).schemaOf(table);
    }

    @Override
    public DataType normalizeToTargetDataType(
            TableId table, String column, DataType type, Schema existing) {
        return type;
    }

    @Override
    public boolean isColumnNameCaseSensitive() {
        return true;
    }
}
