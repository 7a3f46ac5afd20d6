package dev.schemaop.e2e.sinkv2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The values source script these tests replay: 60 rows, a checkpoint fence, 40 rows, a second
 * fence, an added column, 40 rows of the new shape, an update and a delete: 142 row events in all.
 * The second fence makes sure a checkpoint with rows at the writers completes mid-stream: at the
 * first one the rows may still be parked behind the table's creation (its answer late on a loaded
 * machine), and a checkpoint holds parked rows in the schema operator, not at the writers.
 */
final class RowsScript {
    static final String TABLE = "db.rows";
    static final int ROW_EVENTS = 142;

    private RowsScript() {}

    static Path write(Path dir) throws IOException {
        return write(dir, true);
    }

    /** The script; without {@code fence} it runs without checkpointing too. */
    static Path write(Path dir, boolean fence) throws IOException {
        String script =
                "events:\n"
                        + "  - type: create.table\n"
                        + "    table: "
                        + TABLE
                        + "\n"
                        + "    columns:\n"
                        + "      - {name: id, type: INT NOT NULL}\n"
                        + "      - {name: item, type: VARCHAR(10)}\n"
                        + "    primaryKeys: [id]\n"
                        + insert(1, 60, false)
                        + (fence ? "  - checkpoint\n" : "")
                        + insert(61, 100, false)
                        + (fence ? "  - checkpoint\n" : "")
                        + "  - type: add.column\n"
                        + "    table: "
                        + TABLE
                        + "\n"
                        + "    columns: [{name: qty, type: INT}]\n"
                        + insert(101, 140, true)
                        + "  - type: update\n"
                        + "    table: "
                        + TABLE
                        + "\n"
                        + "    before: [1, r1, null]\n"
                        + "    after: [1, r1, 10]\n"
                        + "  - type: delete\n"
                        + "    table: "
                        + TABLE
                        + "\n"
                        + "    rows: [[2, r2, null]]\n";
        Path file = dir.resolve("rows.yaml");
        Files.writeString(file, script);
        return file;
    }

    private static String insert(int from, int to, boolean withQty) {
        String rows =
                IntStream.rangeClosed(from, to)
                        .mapToObj(i -> "[" + i + ", r" + i + (withQty ? ", " + i : "") + "]")
                        .collect(Collectors.joining(", "));
        return "  - type: insert\n    table: " + TABLE + "\n    rows: [" + rows + "]\n";
    }

    /** Every row event of the script once, as {@link Outcomes#describe} names it, sorted. */
    static List<String> rowEvents() {
        List<String> events = new ArrayList<>();
        IntStream.rangeClosed(1, 140).forEach(i -> events.add("insert " + i));
        events.add("update 1");
        events.add("delete 2");
        return sorted(events);
    }

    /**
     * The table the values sink ends with, as {@link dev.schemaop.e2e.PipelineRun#rows} renders it.
     */
    static List<String> finalRows() {
        List<String> rows = new ArrayList<>();
        rows.add("id=1, item=r1, qty=10");
        IntStream.rangeClosed(3, 100)
                .forEach(i -> rows.add("id=" + i + ", item=r" + i + ", qty=null"));
        IntStream.rangeClosed(101, 140)
                .forEach(i -> rows.add("id=" + i + ", item=r" + i + ", qty=" + i));
        return rows;
    }

    static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().collect(Collectors.toList());
    }
}
