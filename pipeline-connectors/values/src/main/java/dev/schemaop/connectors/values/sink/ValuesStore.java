package dev.schemaop.connectors.values.sink;

import dev.schemaop.connectors.values.types.SchemaEvolution;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The values sink's "database": per table a schema and rows keyed by primary key, plus the schema
 * changes the metadata applier applied, in order. One store per {@code output.path}, shared by
 * every writer subtask and the applier of a job in the same JVM.
 *
 * <p><b>Sharing across class loaders.</b> On an embedded MiniCluster the applier (JobManager side)
 * and the writers (TaskManager side) may run this connector from different user-code class loaders
 * (a connector jar passed with {@code --jar}), so a plain static field would not be shared. The
 * registry therefore lives in {@link System#getProperties()} under {@link #REGISTRY_KEY} and holds
 * only JDK collections and Flink CDC classes (which Flink loads parent-first); every copy of this
 * class works on the same objects and synchronizes on the same per-path lock.
 *
 * <p><b>Who changes what.</b> Writers upsert and delete rows. Changes that touch existing rows
 * (add, alter, rename, drop column, truncate, drop table) are applied to the store once, by the
 * metadata applier, which the pipeline calls after every writer has flushed the rows before the
 * change and before any writer gets a row of the new shape. A writer only creates a table that is
 * missing (when no applier created it).
 *
 * <p><b>Exactly once.</b> With {@code delivery.guarantee: exactly-once} writers stage their rows
 * and a committer applies them on checkpoint completion ({@link #commit}), once per committable id.
 * Every change the applier makes is numbered and kept per table, so rows staged in an older shape
 * are brought forward when they are committed after a change.
 */
public final class ValuesStore implements RowDestination {

    private static final Logger LOG = LoggerFactory.getLogger(ValuesStore.class);

    /** System property holding the JVM-wide registry (a {@code ConcurrentMap}). */
    public static final String REGISTRY_KEY = "dev.schemaop.connectors.values.registry";

    private static final String FAILED_ONCE = "\u0000failed-once";
    private static final String TABLES = "tables";
    private static final String CHANGES = "schemaChanges";
    private static final String T_ID = "id";
    private static final String T_SCHEMA = "schema";
    private static final String T_ROWS = "rows";
    private static final String SEQUENCE = "changeSequence";
    private static final String HISTORY = "history";
    private static final String COMMITTED_IDS = "committedIds";
    private static final String COMMITS = "commits";
    static final String C_COMMITTABLES = "committables";
    static final String C_ROWS = "rowEvents";
    static final String C_CLEARED = "clearedRowEvents";
    static final String C_REPEATED = "repeatedCommittables";

    private final String outputPath;

    /** The shared per-path state; also the lock for every operation on it. */
    private final Map<String, Object> shared;

    /** Numbers the changes the applier made; read without the lock by staging writers. */
    private final AtomicLong sequence;

    private ValuesStore(String outputPath, Map<String, Object> shared) {
        this.outputPath = outputPath;
        this.shared = shared;
        synchronized (shared) {
            this.sequence = (AtomicLong) shared.get(SEQUENCE);
        }
    }

    /** The store of {@code outputPath} ({@code null}: the in-memory store of sinks without one). */
    public static ValuesStore forPath(String outputPath) {
        String key = keyOf(outputPath);
        @SuppressWarnings("unchecked")
        Map<String, Object> shared =
                (Map<String, Object>) registry().computeIfAbsent(key, k -> newShared());
        return new ValuesStore(key.isEmpty() ? null : key, shared);
    }

    private static String keyOf(String outputPath) {
        if (outputPath == null || outputPath.trim().isEmpty()) {
            return "";
        }
        return Paths.get(outputPath.trim()).toAbsolutePath().normalize().toString();
    }

    @SuppressWarnings("unchecked")
    private static ConcurrentMap<String, Object> registry() {
        return (ConcurrentMap<String, Object>)
                System.getProperties()
                        .computeIfAbsent(
                                REGISTRY_KEY, k -> new ConcurrentHashMap<String, Object>());
    }

    private static Map<String, Object> newShared() {
        Map<String, Object> shared = new HashMap<>();
        shared.put(TABLES, new TreeMap<String, Map<String, Object>>());
        shared.put(CHANGES, new ArrayList<Map<String, String>>());
        // Never reset: a committable restored into a later job still finds its place.
        shared.put(SEQUENCE, new AtomicLong());
        shared.put(HISTORY, new HashMap<String, List<Map.Entry<Long, SchemaChangeEvent>>>());
        shared.put(COMMITTED_IDS, new HashSet<String>());
        shared.put(COMMITS, new LinkedHashMap<String, Long>());
        return shared;
    }

    /** Empties the store (tables and recorded schema changes); called when a new job starts. */
    public void reset() {
        synchronized (shared) {
            tables().clear();
            changes().clear();
            history().clear();
            committedIds().clear();
            commits().clear();
        }
        LOG.info("Values sink store {} reset", describePath());
    }

    /**
     * Records that the injected failure for {@code tag} fired; true only the first time per output
     * path in this JVM (not cleared by {@link #reset()}).
     */
    public boolean markFailedOnce(String tag) {
        @SuppressWarnings("unchecked")
        Set<String> failed =
                (Set<String>)
                        registry()
                                .computeIfAbsent(
                                        FAILED_ONCE, k -> ConcurrentHashMap.<String>newKeySet());
        return failed.add(describePath() + "|" + tag);
    }

    // ---------------------------------------------------------------- writers

    /** Creates {@code table} with {@code schema} unless it exists. */
    public void createTableIfAbsent(TableId table, Schema schema) {
        synchronized (shared) {
            if (!tables().containsKey(table.toString())) {
                tables().put(table.toString(), newTable(table, schema));
            }
        }
    }

    @Override
    public void apply(
            TableId table,
            Schema writerSchema,
            Map<String, Object> before,
            Map<String, Object> after) {
        synchronized (shared) {
            Map<String, Object> t = tableOrCreate(table, writerSchema);
            write(t, before, after);
        }
    }

    /**
     * An update of a row whose key stays is an upsert, as a database's: the stored row keeps the
     * values of columns the writer does not name. One that moves the key deletes the old key first.
     */
    private static void write(
            Map<String, Object> t, Map<String, Object> before, Map<String, Object> after) {
        List<Object> newKey = after == null ? null : RowValues.key(schema(t), after);
        if (before != null) {
            List<Object> oldKey = RowValues.key(schema(t), before);
            if (!oldKey.equals(newKey)) {
                rows(t).remove(oldKey);
            }
        }
        if (after != null) {
            rows(t).merge(newKey, after, RowValues::keepingUnwritten);
        }
    }

    /** Inserts the row, or updates the row with the same key (as an upsert: see {@link #write}). */
    public void upsert(TableId table, Schema writerSchema, Map<String, Object> row) {
        apply(table, writerSchema, null, row);
    }

    /** Removes the row with the key of {@code row}. */
    public void delete(TableId table, Schema writerSchema, Map<String, Object> row) {
        synchronized (shared) {
            Map<String, Object> t = tableOrCreate(table, writerSchema);
            rows(t).remove(RowValues.key(schema(t), row));
        }
    }

    private Map<String, Object> tableOrCreate(TableId table, Schema schema) {
        return tables().computeIfAbsent(table.toString(), k -> newTable(table, schema));
    }

    // ---------------------------------------------------------------- applier

    /**
     * Applies a schema change to the stored table and its rows. Idempotent: a change already
     * reflected (column present/absent, table existing/missing) is skipped.
     *
     * @throws IllegalStateException when a column change names a table that does not exist
     */
    public void applySchemaChange(SchemaChangeEvent event) {
        synchronized (shared) {
            String id = event.tableId().toString();
            Map<String, Object> t = tables().get(id);
            if (event instanceof CreateTableEvent) {
                if (t == null) {
                    tables().put(
                                    id,
                                    newTable(
                                            event.tableId(),
                                            ((CreateTableEvent) event).getSchema()));
                    remember(event);
                }
                return;
            }
            if (event instanceof DropTableEvent) {
                tables().remove(id);
                remember(event);
                return;
            }
            if (t == null) {
                if (event instanceof TruncateTableEvent) {
                    return;
                }
                throw new IllegalStateException(
                        "table " + id + " does not exist in the values sink");
            }
            if (event instanceof TruncateTableEvent) {
                rows(t).clear();
                remember(event);
                return;
            }
            SchemaChangeEvent effective = UnreflectedChange.of(schema(t), event);
            if (effective == null) {
                return;
            }
            Schema newSchema = SchemaEvolution.apply(schema(t), effective);
            reshapeRows(t, effective, newSchema);
            t.put(T_SCHEMA, newSchema);
            remember(effective);
        }
    }

    /**
     * Numbers a change that reached the stored table and keeps it in the table's history, which
     * outlives a drop: rows staged before it are brought forward through it on commit.
     */
    private void remember(SchemaChangeEvent applied) {
        history()
                .computeIfAbsent(applied.tableId().toString(), k -> new ArrayList<>())
                .add(new AbstractMap.SimpleImmutableEntry<>(sequence.incrementAndGet(), applied));
    }

    private static void reshapeRows(
            Map<String, Object> t, SchemaChangeEvent change, Schema newSchema) {
        Map<List<Object>, Map<String, Object>> rows = rows(t);
        List<Map<String, Object>> reshaped = new ArrayList<>(rows.size());
        for (Map<String, Object> row : rows.values()) {
            reshaped.add(RowValues.reshape(row, change));
        }
        rows.clear();
        for (Map<String, Object> row : reshaped) {
            rows.put(RowValues.key(newSchema, row), row);
        }
    }

    /** Appends an applied schema change to the store's record. */
    public void recordSchemaChange(SchemaChangeEvent event) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put("type", event.getType().getTag());
        entry.put("table", event.tableId().toString());
        entry.put("event", event.toString());
        synchronized (shared) {
            changes().add(entry);
        }
    }

    // ---------------------------------------------------------------- committer

    /**
     * The number of the newest change the applier made to any table. A row staged with it is in the
     * shape its table had then: no change of that table can be under way while a writer stages its
     * rows (the pipeline flushes and holds them around every change).
     */
    public long changeSequence() {
        return sequence.get();
    }

    /**
     * Applies a committable's row events, unless a committable with its id was applied before (a
     * commit retried after a failure): then it changes nothing and returns false. A row staged
     * before a later change of its table is brought forward through it (renamed, retyped, dropped
     * columns), or discarded when the table was truncated, dropped or re-created since (that change
     * came after the row in the source) or is missing (the store was reset since).
     */
    boolean commit(ValuesCommittable committable) {
        synchronized (shared) {
            if (!committedIds().add(committable.id())) {
                count(C_REPEATED, 1);
                return false;
            }
            for (StagedRowEvent event : committable.events()) {
                count(commitStaged(event) ? C_ROWS : C_CLEARED, 1);
            }
            count(C_COMMITTABLES, 1);
            return true;
        }
    }

    private boolean commitStaged(StagedRowEvent event) {
        String id = event.table().toString();
        Map<String, Object> before = event.before();
        Map<String, Object> after = event.after();
        for (Map.Entry<Long, SchemaChangeEvent> change : history().getOrDefault(id, List.of())) {
            if (change.getKey() <= event.sequence()) {
                continue;
            }
            SchemaChangeEvent later = change.getValue();
            if (later instanceof TruncateTableEvent
                    || later instanceof DropTableEvent
                    || later instanceof CreateTableEvent) {
                return false;
            }
            before = before == null ? null : RowValues.reshape(before, later);
            after = after == null ? null : RowValues.reshape(after, later);
        }
        Map<String, Object> t = tables().get(id);
        if (t == null) {
            return false;
        }
        write(t, before, after);
        return true;
    }

    private void count(String counter, long n) {
        commits().merge(counter, n, Long::sum);
    }

    // ---------------------------------------------------------------- reading

    /** The stored schema of {@code table}, or null. */
    public Schema getSchema(TableId table) {
        synchronized (shared) {
            Map<String, Object> t = tables().get(table.toString());
            return t == null ? null : schema(t);
        }
    }

    /** The store rendered as JSON (format in the README). */
    public String toJson() {
        synchronized (shared) {
            Map<String, Schema> schemas = new TreeMap<>();
            Map<String, Map<List<Object>, Map<String, Object>>> rows = new TreeMap<>();
            tables().forEach(
                            (id, t) -> {
                                schemas.put(id, schema(t));
                                rows.put(id, rows(t));
                            });
            return StoreJson.render(schemas, rows, changes(), commits());
        }
    }

    /**
     * Writes the whole store to the output path atomically ({@link OutputFile}); does nothing for a
     * store without output path.
     */
    public void writeFile() {
        if (outputPath == null) {
            return;
        }
        synchronized (shared) {
            Path target = Paths.get(outputPath);
            try {
                OutputFile.replace(target, toJson().getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot write values sink output " + target, e);
            }
        }
    }

    // ---------------------------------------------------------------- shared-state accessors

    private String describePath() {
        return outputPath == null ? "<no output.path>" : outputPath;
    }

    private static Map<String, Object> newTable(TableId id, Schema schema) {
        Map<String, Object> t = new HashMap<>();
        t.put(T_ID, id);
        t.put(T_SCHEMA, schema);
        t.put(T_ROWS, new HashMap<List<Object>, Map<String, Object>>());
        return t;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Map<String, Object>> tables() {
        return (Map<String, Map<String, Object>>) shared.get(TABLES);
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, String>> changes() {
        return (List<Map<String, String>>) shared.get(CHANGES);
    }

    @SuppressWarnings("unchecked")
    private Map<String, List<Map.Entry<Long, SchemaChangeEvent>>> history() {
        return (Map<String, List<Map.Entry<Long, SchemaChangeEvent>>>) shared.get(HISTORY);
    }

    @SuppressWarnings("unchecked")
    private Set<String> committedIds() {
        return (Set<String>) shared.get(COMMITTED_IDS);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Long> commits() {
        return (Map<String, Long>) shared.get(COMMITS);
    }

    private static Schema schema(Map<String, Object> t) {
        return (Schema) t.get(T_SCHEMA);
    }

    @SuppressWarnings("unchecked")
    private static Map<List<Object>, Map<String, Object>> rows(Map<String, Object> t) {
        return (Map<List<Object>, Map<String, Object>>) t.get(T_ROWS);
    }
}
