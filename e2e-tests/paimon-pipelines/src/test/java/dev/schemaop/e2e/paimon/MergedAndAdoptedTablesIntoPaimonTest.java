package dev.schemaop.e2e.paimon;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Issue 23 on Paimon: tables of different column types merged into one (SPEC §7) keep every value
 * as text; an existing table's own columns, which Paimon writes whole rows over, are null in every
 * row the pipeline writes, and a NOT NULL one fails the start before anything is written.
 */
class MergedAndAdoptedTablesIntoPaimonTest {
    private static final String MERGED =
            """
            events:
              - type: create.table
                table: SCHEMA.a
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: v, type: INT}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.a
                rows:
                  - [1, 10]
              - type: create.table
                table: SCHEMA.b
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: v, type: VARCHAR(10)}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.b
                rows:
                  - [2, x]
              - type: insert
                table: SCHEMA.a
                rows:
                  - [3, 30]
            """;

    private static final String ADOPTING =
            """
            events:
              - type: create.table
                table: SCHEMA.t
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: name, type: VARCHAR(20)}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.t
                rows:
                  - [2, b]
            """;

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        PaimonPipelineRun.connectorJar();
    }

    private PaimonPipelineRun run(String script, String database, String extra) throws Exception {
        Path file = dir.resolve("script.yaml");
        Files.writeString(file, script.replace("SCHEMA", database));
        return PaimonPipelineRun.run(
                dir,
                PaimonPipelineRun.valuesInto(dir.resolve("warehouse"), file, 1, "lenient", extra));
    }

    @Test
    void mergedColumnsWithoutACommonTypeBecomeStringAndKeepEveryValue() throws Exception {
        String database = "e2e_paimon_merged_string";
        run(
                        MERGED,
                        database,
                        "route:\n  - source-table: "
                                + database
                                + ".\\.*\n    sink-table: "
                                + database
                                + ".merged\n")
                .assertSucceeded();

        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            assertThat(paimon.columns(database, "merged"))
                    .containsExactly("id INT NOT NULL", "v STRING");
            assertThat(paimon.rows(database, "merged"))
                    .containsExactly("id=1, v=10", "id=2, v=x", "id=3, v=30");
        }
    }

    @Test
    void theTablesOwnColumnsAreNullInEveryRowThePipelineWrites() throws Exception {
        String database = "e2e_paimon_own_columns";
        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            paimon.create(
                    database,
                    "t",
                    Schema.newBuilder()
                            .column("id", DataTypes.INT().notNull())
                            .column("name", DataTypes.VARCHAR(20))
                            .column("note", DataTypes.STRING())
                            .primaryKey("id")
                            .option("bucket", "1")
                            .build());
            paimon.write(
                    database,
                    "t",
                    GenericRow.of(
                            1, BinaryString.fromString("a"), BinaryString.fromString("kept")));

            run(ADOPTING, database, "  existing-table.schema-expansion.mode: \"CHECK\"\n")
                    .assertSucceeded();

            assertThat(paimon.rows(database, "t"))
                    .containsExactly("id=1, name=a, note=kept", "id=2, name=b, note=null");
        }
    }

    @Test
    void aNotNullColumnOfItsOwnFailsTheStartBeforeAnyRow() throws Exception {
        String database = "e2e_paimon_own_not_null";
        try (Warehouse paimon = new Warehouse(dir.resolve("warehouse"))) {
            paimon.create(
                    database,
                    "t",
                    Schema.newBuilder()
                            .column("id", DataTypes.INT().notNull())
                            .column("name", DataTypes.VARCHAR(20))
                            .column("note", DataTypes.STRING().notNull())
                            .primaryKey("id")
                            .option("bucket", "1")
                            .build());

            PaimonPipelineRun run =
                    run(ADOPTING, database, "  existing-table.schema-expansion.mode: \"CHECK\"\n");

            assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isEqualTo(1);
            assertThat(run.stderr())
                    .contains(
                            "  - column note: upstream (none), target STRING NOT NULL: the"
                                    + " pipeline does not write this NOT NULL column and the sink"
                                    + " gives it no value: every row the pipeline writes would be"
                                    + " refused");
            PaimonPipelineRun.assertNoStackTrace(run.stderr());
            assertThat(paimon.rows(database, "t")).isEmpty();
        }
    }
}
