package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * SPEC §6 and §4 through the command line on the embedded Flink: the values sink has a table before
 * the job starts ({@code existing.tables}) and describes it; the first create of the table is
 * checked, expanded or adopted as {@code existing-table.schema-expansion.mode} says, with every row
 * and the sink's DDL asserted.
 */
class ExistingTablesTest {
    @TempDir Path dir;

    /** The pipeline sends orders(id INT NOT NULL, qty INT, note VARCHAR(20)), key id. */
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: db.orders
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: qty, type: INT}
                  - {name: note, type: VARCHAR(20)}
                primaryKeys: [id]
              - type: insert
                table: db.orders
                rows: [[1, 10, one], [2, 70000, two]]
            """;

    @BeforeEach
    void script() throws IOException {
        Files.writeString(dir.resolve("script.yaml"), SCRIPT);
    }

    /**
     * The sink's table before the job: id, its own column code (nullable, as a column the pipeline
     * does not write must be, unless it is the key), qty as written here, key as written.
     */
    private void existingTable(String qtyType, String key) throws IOException {
        Files.writeString(
                dir.resolve("existing.yaml"),
                "- table: db.orders\n"
                        + "  columns:\n"
                        + "    - {name: id, type: INT NOT NULL}\n"
                        + "    - {name: code, type: "
                        + (key.equals("code") ? "INT NOT NULL" : "INT")
                        + "}\n"
                        + "    - {name: qty, type: "
                        + qtyType
                        + "}\n"
                        + "  primaryKeys: ["
                        + key
                        + "]\n");
    }

    private PipelineRun run(String mode, String sinkOptions) throws IOException {
        return PipelineRun.run(
                dir,
                "source:\n"
                        + "  type: values\n"
                        + "  script: script.yaml\n"
                        + "sink:\n"
                        + "  type: values\n"
                        + "  output.path: "
                        + dir.resolve("result.json")
                        + "\n"
                        + "  existing.tables: existing.yaml\n"
                        + "  existing-table.schema-expansion.mode: \""
                        + mode
                        + "\"\n"
                        + sinkOptions
                        + "pipeline:\n"
                        + "  schema.change.behavior: evolve\n");
    }

    @Test
    void checkAdoptsATableThatHoldsEverythingAndIssuesNoDdl() throws IOException {
        Files.writeString(
                dir.resolve("existing.yaml"),
                "- table: db.orders\n"
                        + "  columns:\n"
                        + "    - {name: id, type: INT NOT NULL}\n"
                        + "    - {name: qty, type: BIGINT}\n"
                        + "    - {name: note, type: VARCHAR(50)}\n"
                        + "    - {name: loaded, type: BOOLEAN}\n"
                        + "  primaryKeys: [id]\n");

        PipelineRun run = run("CHECK", "");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.schemaChanges()).as("CHECK never issues DDL").isEmpty();
        assertThat(run.columns("db.orders"))
                .containsExactly(
                        "id INT NOT NULL", "qty BIGINT", "note VARCHAR(50)", "loaded BOOLEAN");
        assertThat(run.rows("db.orders"))
                .containsExactly(
                        "id=1, qty=10, note=one, loaded=null",
                        "id=2, qty=70000, note=two, loaded=null");
    }

    @Test
    void checkFailsWithOneErrorListingEveryDifferenceAndTheRepairs() throws IOException {
        existingTable("SMALLINT", "id");

        PipelineRun run = run("CHECK", "");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
        assertThat(run.stderr.strip())
                .isEqualTo(
                        String.join(
                                System.lineSeparator(),
                                "Pipeline failed: The existing sink table db.orders does not hold"
                                        + " what the pipeline sends"
                                        + " (existing-table.schema-expansion.mode: CHECK); 2"
                                        + " differences:",
                                "  - column qty: upstream INT, target SMALLINT: the table's type is"
                                        + " narrower; widening it holds both",
                                "  - column note: upstream VARCHAR(20), target (none): the table"
                                        + " has no such column",
                                "Suggested repair statements (review and adjust to the target"
                                        + " system's DDL dialect):",
                                "  ALTER TABLE \"db\".\"orders\" ADD COLUMN \"note\" VARCHAR(20);",
                                "  ALTER TABLE \"db\".\"orders\" ALTER COLUMN \"qty\" TYPE INT;"));
        CliRun.assertNoStackTrace(run.stderr);
        assertThat(run.schemaChanges()).isEmpty();
    }

    @Test
    void expandAddsTheMissingColumnWidensTheNarrowerOneAndEveryRowArrives() throws IOException {
        existingTable("SMALLINT", "id");

        PipelineRun run = run("EXPAND", "");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.schemaChanges())
                .containsExactly(
                        "AddColumnEvent{tableId=db.orders, addedColumns=[ColumnWithPosition{column=`note`"
                                + " VARCHAR(20), position=LAST, existedColumnName=null}]}",
                        "AlterColumnTypeEvent{tableId=db.orders, typeMapping={qty=INT},"
                                + " oldTypeMapping={qty=SMALLINT}}");
        assertThat(run.columns("db.orders"))
                .containsExactly("id INT NOT NULL", "code INT", "qty INT", "note VARCHAR(20)");
        assertThat(run.rows("db.orders"))
                .as("70000 needed the widening; code is the table's own column")
                .containsExactly(
                        "id=1, code=null, qty=10, note=one",
                        "id=2, code=null, qty=70000, note=two");
    }

    @Test
    void expandIssuesNoDdlWhenTheKeysDiffer() throws IOException {
        existingTable("SMALLINT", "code");

        PipelineRun run = run("EXPAND", "");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
        assertThat(run.stderr)
                .contains("(id) vs (code): the primary keys differ")
                .contains("column qty: upstream INT, target SMALLINT");
        assertThat(run.schemaChanges()).as("not even the safe add").isEmpty();
        assertThat(run.columns("db.orders"))
                .containsExactly("id INT NOT NULL", "code INT NOT NULL", "qty SMALLINT");
    }

    @Test
    void theReadBackCatchesDdlThatDidNothing() throws IOException {
        existingTable("SMALLINT", "id");

        PipelineRun run = run("EXPAND", "  schema.changes.noop: true\n");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isEqualTo(1);
        assertThat(run.stderr)
                .startsWith(
                        "Pipeline failed: Unresolved differences after expansion, read back from"
                                + " the sink: The existing sink table db.orders does not hold");
        assertThat(run.rows("db.orders")).as("no row went into the unchanged table").isEmpty();
    }

    @Test
    void aSecondRunIntoTheExpandedTableIssuesNoDdl() throws IOException {
        existingTable("SMALLINT", "id");
        PipelineRun first = run("EXPAND", "  keep.existing: true\n");
        assertThat(first.exitCode).as("stderr:\n%s", first.stderr).isZero();

        PipelineRun second = run("EXPAND", "  keep.existing: true\n");

        assertThat(second.exitCode).as("stderr:\n%s", second.stderr).isZero();
        assertThat(second.schemaChanges())
                .as("the first run's two changes, and none of the second")
                .containsExactly(
                        "AddColumnEvent{tableId=db.orders, addedColumns=[ColumnWithPosition{column=`note`"
                                + " VARCHAR(20), position=LAST, existedColumnName=null}]}",
                        "AlterColumnTypeEvent{tableId=db.orders, typeMapping={qty=INT},"
                                + " oldTypeMapping={qty=SMALLINT}}");
        assertThat(second.rows("db.orders"))
                .containsExactly(
                        "id=1, code=null, qty=10, note=one",
                        "id=2, code=null, qty=70000, note=two");
    }

    @Test
    void withCreateTableExcludedTheExistingTableIsAdoptedAsItIs() throws IOException {
        existingTable("BIGINT", "id");

        PipelineRun run = run("DISABLED", "  exclude.schema.changes: [create.table]\n");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.schemaChanges()).isEmpty();
        assertThat(run.columns("db.orders"))
                .containsExactly("id INT NOT NULL", "code INT", "qty BIGINT");
        assertThat(run.rows("db.orders"))
                .as("note has no column: its values are dropped and counted")
                .isEqualTo(List.of("id=1, code=null, qty=10", "id=2, code=null, qty=70000"));
    }
}
