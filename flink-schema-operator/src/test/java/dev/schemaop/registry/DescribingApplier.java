package dev.schemaop.registry;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.behavior.SchemaChanges;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.types.DataType;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An applier that owns its tables as a database does and describes them; its n-th call can change
 * the table and then fail, as a call whose answer is lost.
 */
final class DescribingApplier implements MetadataApplier, ExistingTableSchemaExpansionSupport {
    private static final long serialVersionUID = 1L;

    private final Map<TableId, Schema> tables = new ConcurrentHashMap<>();
    private final List<SchemaChangeEvent> applied = new CopyOnWriteArrayList<>();
    private final AtomicInteger calls = new AtomicInteger();
    private volatile int failAfterCall = -1;
    private volatile int failBeforeCall = -1;
    private volatile CountDownLatch failBeforeRelease;
    private final CompletableFuture<Void> failBeforeBlocked = new CompletableFuture<>();
    private volatile boolean ignoringDdl;

    /** Every call returns as applied, but changes nothing (a sink that ignores DDL silently). */
    DescribingApplier ignoringDdl() {
        ignoringDdl = true;
        return this;
    }

    /** A table the sink has before the job starts. */
    DescribingApplier withTable(TableId table, Schema schema) {
        tables.put(table, schema);
        return this;
    }

    /** Call number {@code call} (1 for the first) changes the table, then throws. */
    DescribingApplier failAfterApplying(int call) {
        failAfterCall = call;
        return this;
    }

    /** Call number {@code call} (1 for the first) throws and changes nothing, as a refused DDL. */
    DescribingApplier failBeforeApplying(int call) {
        failBeforeCall = call;
        return this;
    }

    /**
     * As {@link #failBeforeApplying}, once {@code release} opens: until then the call is in flight.
     * The future completes when it starts waiting.
     */
    CompletableFuture<Void> failBeforeApplyingOnceReleased(int call, CountDownLatch release) {
        failBeforeRelease = release;
        failBeforeApplying(call);
        return failBeforeBlocked;
    }

    @Override
    public void applySchemaChange(SchemaChangeEvent event) {
        if (ignoringDdl) {
            return;
        }
        int call = calls.incrementAndGet();
        if (call == failBeforeCall) {
            awaitRelease();
            throw new IllegalStateException("the sink refused the statement");
        }
        Schema after = SchemaChanges.apply(tables.get(event.tableId()), event);
        if (after == null) {
            tables.remove(event.tableId());
        } else {
            tables.put(event.tableId(), after);
        }
        applied.add(event);
        if (call == failAfterCall) {
            throw new IllegalStateException(
                    "the sink changed the table, then the connection was lost");
        }
    }

    private void awaitRelease() {
        CountDownLatch release = failBeforeRelease;
        if (release == null) {
            return;
        }
        failBeforeBlocked.complete(null);
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Every change that reached the tables, in order. */
    List<SchemaChangeEvent> applied() {
        return List.copyOf(applied);
    }

    @Override
    public Optional<Schema> getExistingTableSchema(TableId table) {
        return Optional.ofNullable(tables.get(table));
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
