package dev.schemaop.e2e.paimon;

import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypeRoot;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A filesystem warehouse read with Paimon's own API: what a user's Paimon reader would see. */
public final class Warehouse implements AutoCloseable {
    private final Catalog catalog;

    public Warehouse(Path directory) {
        catalog =
                CatalogFactory.createCatalog(
                        CatalogContext.create(
                                Options.fromMap(
                                        Map.of(
                                                "warehouse",
                                                directory.toUri().toString(),
                                                // the job changes tables after this catalog read
                                                // them
                                                "cache-enabled",
                                                "false"))));
    }

    Catalog catalog() {
        return catalog;
    }

    FileStoreTable table(String database, String table) throws Exception {
        return (FileStoreTable) catalog.getTable(Identifier.create(database, table));
    }

    public boolean exists(String database, String table) {
        try {
            table(database, table);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** Creates a table as a user would before the job (its database too). */
    void create(String database, String table, org.apache.paimon.schema.Schema schema)
            throws Exception {
        catalog.createDatabase(database, true);
        catalog.createTable(Identifier.create(database, table), schema, false);
    }

    /** Writes rows into a table with Paimon's batch writer, as an earlier job would have. */
    void write(String database, String table, InternalRow... rows) throws Exception {
        BatchWriteBuilder builder = table(database, table).newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite();
                BatchTableCommit commit = builder.newCommit()) {
            for (InternalRow row : rows) {
                write.write(row);
            }
            commit.commit(write.prepareCommit());
        }
    }

    /** The database's tables, by name; none when the database is not there. */
    public List<String> tables(String database) throws Exception {
        try {
            return catalog.listTables(database).stream().sorted().collect(Collectors.toList());
        } catch (Catalog.DatabaseNotExistException e) {
            return List.of();
        }
    }

    /** "name TYPE" per column of the latest schema, in the table's order. */
    public List<String> columns(String database, String table) throws Exception {
        return describe(table(database, table).schema());
    }

    /** Every schema version the table had, oldest first, each as its columns. */
    public List<List<String>> schemaHistory(String database, String table) throws Exception {
        List<List<String>> history = new ArrayList<>();
        List<TableSchema> schemas =
                new ArrayList<>(table(database, table).schemaManager().listAll());
        schemas.sort(Comparator.comparingLong(TableSchema::id));
        for (TableSchema schema : schemas) {
            history.add(describe(schema));
        }
        return history;
    }

    private static List<String> describe(TableSchema schema) {
        return schema.fields().stream()
                .map(f -> f.name() + " " + f.type().asSQLString())
                .collect(Collectors.toList());
    }

    /**
     * The latest snapshot's rows as "column=value, ...", ordered by the first column (a number).
     */
    public List<String> rows(String database, String table) throws Exception {
        FileStoreTable paimon = table(database, table);
        List<DataField> fields = paimon.schema().fields();
        List<InternalRow.FieldGetter> getters = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            getters.add(InternalRow.createFieldGetter(fields.get(i).type(), i));
        }
        ReadBuilder read = paimon.newReadBuilder();
        List<Object[]> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader =
                read.newRead().createReader(read.newScan().plan())) {
            reader.forEachRemaining(
                    row -> {
                        Object[] values = new Object[fields.size()];
                        for (int i = 0; i < values.length; i++) {
                            values[i] = readable(fields.get(i), getters.get(i).getFieldOrNull(row));
                        }
                        rows.add(values);
                    });
        }
        rows.sort(Comparator.comparingLong(values -> ((Number) values[0]).longValue()));
        List<String> rendered = new ArrayList<>();
        for (Object[] values : rows) {
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < values.length; i++) {
                parts.add(fields.get(i).name() + "=" + values[i]);
            }
            rendered.add(String.join(", ", parts));
        }
        return rendered;
    }

    /** Every snapshot of the table Paimon still keeps, oldest first. */
    public List<Snapshot> snapshots(String database, String table) throws Exception {
        List<Snapshot> snapshots = new ArrayList<>();
        table(database, table).snapshotManager().snapshots().forEachRemaining(snapshots::add);
        return snapshots;
    }

    /** The table's partitions, each as its values joined by '/', sorted. */
    List<String> partitions(String database, String table) throws Exception {
        return catalog.listPartitions(Identifier.create(database, table)).stream()
                .map(p -> String.join("/", p.spec().values()))
                .sorted()
                .collect(Collectors.toList());
    }

    /** A DATE as its ISO date; every other value as Paimon gives it. */
    private static Object readable(DataField field, Object value) {
        if (value != null && field.type().getTypeRoot() == DataTypeRoot.DATE) {
            return LocalDate.ofEpochDay((Integer) value);
        }
        return value;
    }

    @Override
    public void close() throws Exception {
        catalog.close();
    }
}
