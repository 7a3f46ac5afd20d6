package dev.schemaop.faults.sink;

import dev.schemaop.faults.model.DatabaseTable;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The database behind the checking sink: its tables (changed only by the applier's DDL, which also
 * converts stored rows and rows written but not committed yet), the rows the writers write or
 * commit, and every violation seen. One store per run, shared JVM-wide by name: on the embedded
 * cluster the applier and the writers run in this JVM.
 */
public final class CheckingStore {
    private static final Map<String, CheckingStore> STORES = new ConcurrentHashMap<>();

    private final Map<TableId, DatabaseTable> tables =
            new TreeMap<>(Comparator.comparing(TableId::toString));
    private final List<SchemaChangeEvent> ddl = new ArrayList<>();
    private final List<String> violations = new ArrayList<>();

    /** Rows written in two-phase mode, per transaction, until it commits. */
    private final Map<String, List<RowWrite>> uncommitted = new LinkedHashMap<>();

    private final Set<String> committed = new HashSet<>();
    private final List<SchemaChangeEvent> mayRepeat = new ArrayList<>();
    private final Map<String, AtomicLong> counters = new ConcurrentHashMap<>();
    private long committedRows;

    /** One row change as a writer hands it over: the row's values by column name. */
    public record RowWrite(TableId table, Kind kind, Map<String, Object> row) {
        public enum Kind {
            INSERT,
            UPDATE,
            DELETE
        }

        public int key() {
            return (Integer) row.get("id");
        }
    }

    public static CheckingStore fresh(String name) {
        CheckingStore store = new CheckingStore();
        STORES.put(name, store);
        return store;
    }

    public static CheckingStore named(String name) {
        CheckingStore store = STORES.get(name);
        if (store == null) {
            throw new IllegalStateException("No checking store " + name + " in this JVM");
        }
        return store;
    }

    public static void forget(String name) {
        STORES.remove(name);
    }

    /** Counts one more of {@code what} (applier calls, flushes, rows...), JVM-wide, for faults. */
    long count(String what) {
        return counters.computeIfAbsent(what, k -> new AtomicLong()).incrementAndGet();
    }

    // ------------------------------------------------------------------ the applier's side

    /** Applies one DDL statement; returns why it does not fit (then nothing changed), or null. */
    synchronized String apply(SchemaChangeEvent change) {
        TableId id = change.tableId();
        DatabaseTable table = tables.get(id);
        String misfit = null;
        if (change instanceof CreateTableEvent create) {
            if (table != null) {
                misfit = "CREATE of table " + id + " that exists";
            } else {
                tables.put(id, new DatabaseTable(create.getSchema()));
            }
        } else if (table == null) {
            misfit = change.getType().getTag() + " of table " + id + " that does not exist";
        } else if (change instanceof DropTableEvent) {
            tables.remove(id);
        } else if (change instanceof TruncateTableEvent) {
            table.clear();
        } else {
            misfit = table.alter(change);
        }
        if (misfit != null) {
            violation(misfit + " (a DDL applied twice, or out of order?): " + change);
            return misfit;
        }
        ddl.add(change);
        carryUncommitted(change);
        return null;
    }

    /**
     * Rows written before a change but committed after it come out as the table's own rows do:
     * converted by the DDL, or gone with a truncate, drop or re-create (they came before it).
     */
    private void carryUncommitted(SchemaChangeEvent change) {
        boolean clears =
                change instanceof TruncateTableEvent
                        || change instanceof DropTableEvent
                        || change instanceof CreateTableEvent;
        for (List<RowWrite> writes : uncommitted.values()) {
            for (Iterator<RowWrite> it = writes.iterator(); it.hasNext(); ) {
                RowWrite write = it.next();
                if (!write.table().equals(change.tableId())) {
                    continue;
                }
                if (clears) {
                    it.remove();
                } else {
                    DatabaseTable.carry(write.row(), change);
                }
            }
        }
    }

    /**
     * A truncate whose call failed after it cleared the table: the runtime cannot tell that the
     * sink has it (a truncate leaves no trace in a schema) and makes it again right away, which is
     * harmless (no row of the table was written in between). Such a repeat is not counted as a DDL
     * applied twice.
     */
    synchronized void mayRepeat(SchemaChangeEvent truncate) {
        mayRepeat.add(truncate);
    }

    synchronized Optional<Schema> schemaOf(TableId table) {
        DatabaseTable found = tables.get(table);
        return found == null ? Optional.empty() : Optional.of(found.schema());
    }

    // ------------------------------------------------------------------ the writers' side

    /** The table's columns now, or null when it does not exist. */
    synchronized List<Column> columnsOf(TableId table) {
        DatabaseTable found = tables.get(table);
        return found == null ? null : found.columns();
    }

    /** At-least-once: rows are upserted and deleted by key, so a replay rewrites the same. */
    synchronized void write(List<RowWrite> writes) {
        for (RowWrite write : writes) {
            DatabaseTable table = tables.get(write.table());
            if (table == null) {
                violation(
                        "a row for table "
                                + write.table()
                                + " that does not exist: "
                                + write.row());
            } else if (write.kind() != RowWrite.Kind.DELETE) {
                table.put(write.row());
            } else {
                table.remove(write.key());
            }
        }
    }

    /** Two-phase: rows wait under their transaction until it commits. */
    synchronized void stage(String transaction, List<RowWrite> writes) {
        uncommitted.computeIfAbsent(transaction, t -> new ArrayList<>()).addAll(writes);
    }

    /**
     * Commits a transaction once (a retried commit changes nothing). Each row change is applied
     * strictly, as a database applies an insert, update or delete: a key that is already there, or
     * one that is missing, means a row reached the table twice or not at all.
     */
    synchronized void commit(String transaction) {
        if (!committed.add(transaction)) {
            return;
        }
        List<RowWrite> writes = uncommitted.remove(transaction);
        if (writes == null) {
            violation("commit of transaction " + transaction + " that no writer staged");
            return;
        }
        for (RowWrite write : writes) {
            DatabaseTable table = tables.get(write.table());
            if (table == null) {
                violation(
                        "a committed row for table "
                                + write.table()
                                + " that does not exist: "
                                + write.row());
                continue;
            }
            committedRows++;
            boolean present = table.contains(write.key());
            if (write.kind() == RowWrite.Kind.INSERT ? present : !present) {
                violation(
                        "committed "
                                + write.kind()
                                + " of key "
                                + write.key()
                                + " of "
                                + write.table()
                                + (present
                                        ? " that is already there (a row committed twice?)"
                                        : " that is not there (its insert lost or committed twice?)"));
            }
            if (write.kind() == RowWrite.Kind.DELETE) {
                table.remove(write.key());
            } else {
                table.put(write.row());
            }
        }
    }

    synchronized void violation(String what) {
        if (violations.size() < 100) {
            violations.add(what);
        }
    }

    // ------------------------------------------------------------------ for the test

    public synchronized Map<TableId, DatabaseTable> tables() {
        Map<TableId, DatabaseTable> copy = new TreeMap<>(Comparator.comparing(TableId::toString));
        copy.putAll(tables);
        return copy;
    }

    /** The DDL applied, in order, a truncate repeated right after a lost answer counted once. */
    public synchronized List<SchemaChangeEvent> ddl() {
        List<SchemaChangeEvent> applied = new ArrayList<>();
        List<SchemaChangeEvent> repeatable = new ArrayList<>(mayRepeat);
        for (SchemaChangeEvent change : ddl) {
            boolean repeat = !applied.isEmpty() && applied.get(applied.size() - 1).equals(change);
            if (!(repeat && repeatable.remove(change))) {
                applied.add(change);
            }
        }
        return applied;
    }

    public synchronized List<String> violations() {
        return List.copyOf(violations);
    }

    public synchronized long committedRows() {
        return committedRows;
    }

    public synchronized int committedTransactions() {
        return committed.size();
    }

    public long counted(String what) {
        AtomicLong counter = counters.get(what);
        return counter == null ? 0 : counter.get();
    }
}
