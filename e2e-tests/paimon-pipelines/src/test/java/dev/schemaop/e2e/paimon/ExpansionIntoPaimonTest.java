package dev.schemaop.e2e.paimon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.jdbc.ChangeScripts;

import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * SPEC §6 and §4 with real Paimon tables: the table exists before the job (created here with
 * Paimon's API, holding a row an earlier job wrote) and the Paimon sink describes it from the
 * catalog; the pipeline's create of the table is checked, expanded or adopted as {@code
 * existing-table.schema-expansion.mode} says, or adopted as it is when {@code create.table} is
 * excluded. Paimon keeps every schema version, so "unchanged" means one version.
 */
class ExpansionIntoPaimonTest {
    private static final String TABLE = "orders";

    /**
     * The pipeline sends orders(id INT NOT NULL, qty INT, note VARCHAR(50), price DECIMAL(12,4),
     * tag VARCHAR(5), NOT NULL where the table is partitioned by it), key id; row 2 needs every
     * widening (70000 is no SMALLINT, its note has 22 characters, its price 4 decimals).
     */
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: SCHEMA.orders
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: qty, type: INT}
                  - {name: note, type: VARCHAR(50)}
                  - {name: price, type: "DECIMAL(12,4)"}
                  - {name: tag, type: TAG_TYPE}
                primaryKeys: [id]
              - type: insert
                table: SCHEMA.orders
                rows:
                  - [1, 10, short, "1.50", a]
                  - [2, 70000, a note of 22 characters, "12345678.1234", b]
                  - [3, null, null, null, c]
              - type: update
                table: SCHEMA.orders
                before: [1, 10, short, "1.50", a]
                after: [1, 11, short too, "1.5000", aa]
            """;

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        PaimonPipelineRun.connectorJar();
    }

    /** SMALLINT, VARCHAR(10), DECIMAL(10,2), no tag, its own legacy column; two buckets. */
    private static Schema narrower() {
        return Schema.newBuilder()
                .column("id", DataTypes.INT().notNull())
                .column("qty", DataTypes.SMALLINT())
                .column("note", DataTypes.VARCHAR(10))
                .column("price", DataTypes.DECIMAL(10, 2))
                .column("legacy", DataTypes.INT())
                .primaryKey("id")
                .options(Map.of("bucket", "2"))
                .build();
    }

    private Warehouse warehouseWith(String database, Schema schema) throws Exception {
        Warehouse paimon = new Warehouse(dir.resolve("warehouse"));
        paimon.create(database, TABLE, schema);
        return paimon;
    }

    private static GenericRow earlierRow() {
        return GenericRow.of(
                100,
                (short) 5,
                BinaryString.fromString("earlier"),
                Decimal.fromBigDecimal(new BigDecimal("9.99"), 10, 2),
                7);
    }

    private PaimonPipelineRun run(String database, String sinkOptions) throws Exception {
        return run(database, "VARCHAR(5)", sinkOptions);
    }

    private PaimonPipelineRun run(
            String database, String tagType, String sinkOptions, String... flinkOptions)
            throws Exception {
        Path script = dir.resolve("script.yaml");
        Files.writeString(script, SCRIPT.replace("SCHEMA", database).replace("TAG_TYPE", tagType));
        return PaimonPipelineRun.run(
                dir,
                PaimonPipelineRun.valuesInto(
                        dir.resolve("warehouse"), script, 1, "evolve", sinkOptions),
                flinkOptions);
    }

    private static String mode(String mode) {
        return "  existing-table.schema-expansion.mode: \"" + mode + "\"\n";
    }

    @Test
    void expandWidensTheNarrowerColumnsAddsTheMissingOneAndEveryRowArrives() throws Exception {
        String database = "e2e_paimon_expand";
        try (Warehouse paimon = warehouseWith(database, narrower())) {
            paimon.write(database, TABLE, earlierRow());

            run(database, mode("EXPAND")).assertSucceeded();

            assertThat(paimon.columns(database, TABLE))
                    .as("widened in place, tag added at the end, legacy kept")
                    .containsExactly(
                            "id INT NOT NULL",
                            "qty INT",
                            "note VARCHAR(50)",
                            "price DECIMAL(12, 4)",
                            "legacy INT",
                            "tag VARCHAR(5)");
            assertThat(paimon.rows(database, TABLE))
                    .containsExactly(
                            "id=1, qty=11, note=short too, price=1.5000, legacy=null, tag=aa",
                            "id=2, qty=70000, note=a note of 22 characters, price=12345678.1234,"
                                    + " legacy=null, tag=b",
                            "id=3, qty=null, note=null, price=null, legacy=null, tag=c",
                            "id=100, qty=5, note=earlier, price=9.9900, legacy=7, tag=null");
        }
    }

    /**
     * Also with checkpointing on, where Flink's default restart strategy restarts without end: the
     * refusal ends the job at once (issue 24). The timeout only guards against that loop.
     */
    @ParameterizedTest(name = "checkpointing: {0}")
    @ValueSource(booleans = {false, true})
    @Timeout(120)
    void checkFailsOnTheNarrowerTableAndLeavesItUnchanged(boolean checkpointing) throws Exception {
        String database = "e2e_paimon_check_fails" + (checkpointing ? "_cp" : "");
        try (Warehouse paimon = warehouseWith(database, narrower())) {
            paimon.write(database, TABLE, earlierRow());
            List<List<String>> before = paimon.schemaHistory(database, TABLE);

            PaimonPipelineRun run =
                    checkpointing
                            ? run(
                                    database,
                                    "VARCHAR(5)",
                                    mode("CHECK"),
                                    "execution.checkpointing.interval=500ms")
                            : run(database, mode("CHECK"));

            assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isEqualTo(1);
            PaimonPipelineRun.assertNoStackTrace(run.stderr());
            String table = database + "." + TABLE;
            String quoted = "`" + database + "`.`" + TABLE + "`";
            assertThat(run.stderr().strip())
                    .isEqualTo(
                            ChangeScripts.narrowerTableRefusal(
                                    table,
                                    List.of(
                                            "ALTER TABLE " + quoted + " ADD (`tag` VARCHAR(5));",
                                            "ALTER TABLE " + quoted + " MODIFY `qty` INT;",
                                            "ALTER TABLE " + quoted + " MODIFY `note` VARCHAR(50);",
                                            "ALTER TABLE "
                                                    + quoted
                                                    + " MODIFY `price` DECIMAL(12, 4);")));
            assertThat(paimon.schemaHistory(database, TABLE)).as("unchanged").isEqualTo(before);
            assertThat(paimon.rows(database, TABLE))
                    .containsExactly("id=100, qty=5, note=earlier, price=9.99, legacy=7");
        }
    }

    @Test
    void anotherPrimaryKeyFailsEvenUnderExpandAndLeavesTheTableUnchanged() throws Exception {
        String database = "e2e_paimon_other_key";
        Schema otherKey =
                Schema.newBuilder()
                        .column("id", DataTypes.INT().notNull())
                        .column("qty", DataTypes.INT())
                        .column("note", DataTypes.VARCHAR(50).notNull())
                        .column("price", DataTypes.DECIMAL(12, 4))
                        .column("tag", DataTypes.VARCHAR(5))
                        .primaryKey("id", "note")
                        .options(Map.of("bucket", "2"))
                        .build();
        try (Warehouse paimon = warehouseWith(database, otherKey)) {
            List<List<String>> before = paimon.schemaHistory(database, TABLE);

            PaimonPipelineRun run = run(database, mode("EXPAND"));

            assertThat(run.exitCode()).as("stderr:\n%s", run.stderr()).isEqualTo(1);
            PaimonPipelineRun.assertNoStackTrace(run.stderr());
            assertThat(run.stderr())
                    .startsWith(
                            "Pipeline failed: The existing sink table "
                                    + database
                                    + "."
                                    + TABLE
                                    + " does not hold what the pipeline sends")
                    .contains("the primary keys differ");
            assertThat(paimon.schemaHistory(database, TABLE)).as("unchanged").isEqualTo(before);
            assertThat(paimon.table(database, TABLE).schema().primaryKeys())
                    .containsExactly("id", "note");
            assertThat(paimon.rows(database, TABLE)).isEmpty();
        }
    }

    @Test
    void checkAdoptsAPartitionedTableWhoseKeyHoldsThePartitionColumn() throws Exception {
        String database = "e2e_paimon_partitioned";
        Schema partitioned =
                Schema.newBuilder()
                        .column("id", DataTypes.INT().notNull())
                        .column("qty", DataTypes.BIGINT())
                        .column("note", DataTypes.VARCHAR(80))
                        .column("price", DataTypes.DECIMAL(14, 4))
                        .column("tag", DataTypes.VARCHAR(5).notNull())
                        .primaryKey("id", "tag")
                        .partitionKeys("tag")
                        .options(Map.of("bucket", "2"))
                        .build();
        try (Warehouse paimon = warehouseWith(database, partitioned)) {
            List<List<String>> before = paimon.schemaHistory(database, TABLE);

            // Paimon's partition columns are in its primary key, hence NOT NULL: so is the tag
            // sent.
            run(database, "\"VARCHAR(5) NOT NULL\"", mode("CHECK")).assertSucceeded();

            assertThat(paimon.schemaHistory(database, TABLE))
                    .as("CHECK never changes the table")
                    .isEqualTo(before);
            assertThat(paimon.rows(database, TABLE))
                    .as("row 1 moved to partition aa with its update; nothing left in a")
                    .containsExactly(
                            "id=1, qty=11, note=short too, price=1.5000, tag=aa",
                            "id=2, qty=70000, note=a note of 22 characters, price=12345678.1234,"
                                    + " tag=b",
                            "id=3, qty=null, note=null, price=null, tag=c");
            assertThat(paimon.partitions(database, TABLE))
                    .as("partition a keeps row 1's delete until Paimon compacts it fully")
                    .containsExactly("a", "aa", "b", "c");
        }
    }

    @Test
    void withCreateTableExcludedTheRowsLandInTheExistingTable() throws Exception {
        String database = "e2e_paimon_excluded";
        Schema withoutTag =
                Schema.newBuilder()
                        .column("id", DataTypes.INT().notNull())
                        .column("qty", DataTypes.BIGINT())
                        .column("note", DataTypes.VARCHAR(80))
                        .column("price", DataTypes.DECIMAL(14, 4))
                        .column("legacy", DataTypes.INT())
                        .primaryKey("id")
                        .options(Map.of("bucket", "1"))
                        .build();
        try (Warehouse paimon = warehouseWith(database, withoutTag)) {
            List<List<String>> before = paimon.schemaHistory(database, TABLE);

            run(database, "  exclude.schema.changes: [create.table]\n").assertSucceeded();

            assertThat(paimon.schemaHistory(database, TABLE))
                    .as("adopted as it is")
                    .isEqualTo(before);
            assertThat(paimon.rows(database, TABLE))
                    .as("tag has no column: its values are dropped")
                    .containsExactly(
                            "id=1, qty=11, note=short too, price=1.5000, legacy=null",
                            "id=2, qty=70000, note=a note of 22 characters, price=12345678.1234,"
                                    + " legacy=null",
                            "id=3, qty=null, note=null, price=null, legacy=null");
        }
    }
}
