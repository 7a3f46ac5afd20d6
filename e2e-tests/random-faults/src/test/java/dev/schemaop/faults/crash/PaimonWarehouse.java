package dev.schemaop.faults.crash;

import dev.schemaop.e2e.paimon.Warehouse;

import org.apache.paimon.Snapshot;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A filesystem warehouse a crash run writes into through the Paimon sink (its jar passed with
 * {@code --jar}, as a user passes it), read back with Paimon's own API: the tables, each table's
 * latest columns and rows, and every schema version Paimon keeps, which shows a change applied
 * twice as a version too many.
 */
final class PaimonWarehouse implements CrashTarget {
    private static final String DATABASE = "crash";

    private final Path directory;
    private Warehouse warehouse;

    private PaimonWarehouse(Path directory) {
        this.directory = directory;
    }

    static PaimonWarehouse in(Path runDirectory) {
        return new PaimonWarehouse(runDirectory.resolve("warehouse"));
    }

    @Override
    public String sinkAndRoute() {
        return "sink:\n  type: paimon\n  catalog.properties.warehouse: "
                + directory.toUri()
                + "\nroute:\n  - source-table: db.\\.*\n    sink-table: "
                + DATABASE
                + ".<>\n    replace-symbol: <>\n";
    }

    @Override
    public List<String> arguments() {
        Path jar = Path.of(System.getProperty("paimon.connector.jar", ""));
        return List.of("--jar", jar.toAbsolutePath().toString());
    }

    @Override
    public Map<String, List<String>> tables() throws Exception {
        Map<String, List<String>> tables = new LinkedHashMap<>();
        for (String table : warehouse().tables(DATABASE)) {
            List<String> lines = new ArrayList<>(warehouse().columns(DATABASE, table));
            lines.add("--");
            lines.addAll(warehouse().rows(DATABASE, table));
            tables.put(table, lines);
        }
        return tables;
    }

    /** Every table's schema versions, in order, each as its columns. */
    @Override
    public List<String> changes() throws Exception {
        List<String> versions = new ArrayList<>();
        for (String table : warehouse().tables(DATABASE)) {
            for (List<String> columns : warehouse().schemaHistory(DATABASE, table)) {
                versions.add(table + ": " + String.join(", ", columns));
            }
        }
        return versions;
    }

    /**
     * A checkpoint's files committed twice: Paimon numbers each commit by its writer's commit user
     * and the checkpoint (the commit identifier), and a restored committer must find its commit
     * done instead of making it again, so no two APPEND snapshots of a table share the pair.
     */
    @Override
    public List<String> doubledCommits() throws Exception {
        List<String> doubled = new ArrayList<>();
        for (String table : warehouse().tables(DATABASE)) {
            Map<String, Long> seen = new HashMap<>();
            for (Snapshot snapshot : warehouse().snapshots(DATABASE, table)) {
                if (snapshot.commitKind() != Snapshot.CommitKind.APPEND) {
                    continue;
                }
                String commit = snapshot.commitUser() + " #" + snapshot.commitIdentifier();
                Long first = seen.putIfAbsent(commit, snapshot.id());
                if (first != null) {
                    doubled.add(
                            table
                                    + ": commit "
                                    + commit
                                    + " in snapshots "
                                    + first
                                    + " and "
                                    + snapshot.id());
                }
            }
        }
        return doubled;
    }

    /** Opened once the runs wrote: Paimon's catalog reads the directory as it finds it. */
    private Warehouse warehouse() {
        if (warehouse == null) {
            warehouse = new Warehouse(directory);
        }
        return warehouse;
    }

    @Override
    public void close() throws Exception {
        if (warehouse != null) {
            warehouse.close();
        }
    }
}
