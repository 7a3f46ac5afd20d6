package dev.schemaop.e2e.paimon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.jdbc.ChangeScripts;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One table through every column change type, a truncate, updates and deletes, from the values
 * source through the command line into a Paimon table on a filesystem warehouse, under evolve and
 * lenient, at parallelism 1 and 2 (two source splits, each replaying every schema change). The
 * table is read back with Paimon's own API: its columns, every schema version Paimon kept, and
 * every row of the latest snapshot.
 *
 * <ul>
 *   <li>evolve: the table mirrors the script: the truncate removes rows 1 and 2, {@code code} is
 *       placed after {@code id} (Paimon places columns), the alters widen the columns, the rename
 *       renames, the drop drops; one schema version per change.
 *   <li>lenient (README "Behaviors"): the truncate is skipped; the added columns come nullable at
 *       the end; the alters widen; the rename keeps {@code name} and adds {@code full_name}; the
 *       drop keeps {@code note}, nullable.
 * </ul>
 */
class SchemaChangesIntoPaimonTest {

    private static final List<String> EVOLVE_COLUMNS =
            List.of(
                    "id INT NOT NULL",
                    "code INT",
                    "qty BIGINT",
                    "price DECIMAL(12, 4)",
                    "full_name VARCHAR(40)",
                    "email VARCHAR(30)");

    private static final List<List<String>> EVOLVE_HISTORY =
            List.of(
                    List.of(
                            "id INT NOT NULL",
                            "qty INT",
                            "price DECIMAL(10, 2)",
                            "name VARCHAR(10)",
                            "note VARCHAR(20) NOT NULL"),
                    List.of(
                            "id INT NOT NULL",
                            "code INT",
                            "qty INT",
                            "price DECIMAL(10, 2)",
                            "name VARCHAR(10)",
                            "note VARCHAR(20) NOT NULL",
                            "email VARCHAR(30)"),
                    List.of(
                            "id INT NOT NULL",
                            "code INT",
                            "qty BIGINT",
                            "price DECIMAL(10, 2)",
                            "name VARCHAR(10)",
                            "note VARCHAR(20) NOT NULL",
                            "email VARCHAR(30)"),
                    List.of(
                            "id INT NOT NULL",
                            "code INT",
                            "qty BIGINT",
                            "price DECIMAL(12, 4)",
                            "name VARCHAR(10)",
                            "note VARCHAR(20) NOT NULL",
                            "email VARCHAR(30)"),
                    List.of(
                            "id INT NOT NULL",
                            "code INT",
                            "qty BIGINT",
                            "price DECIMAL(12, 4)",
                            "name VARCHAR(40)",
                            "note VARCHAR(20) NOT NULL",
                            "email VARCHAR(30)"),
                    List.of(
                            "id INT NOT NULL",
                            "code INT",
                            "qty BIGINT",
                            "price DECIMAL(12, 4)",
                            "full_name VARCHAR(40)",
                            "note VARCHAR(20) NOT NULL",
                            "email VARCHAR(30)"),
                    EVOLVE_COLUMNS);

    private static final List<String> LENIENT_COLUMNS =
            List.of(
                    "id INT NOT NULL",
                    "qty BIGINT",
                    "price DECIMAL(12, 4)",
                    "name VARCHAR(40)",
                    "note VARCHAR(20)",
                    "email VARCHAR(30)",
                    "code INT",
                    "full_name VARCHAR(40)");

    /** In the Paimon table's column order: the columns lenient added come last. */
    private static final List<String> LENIENT_ROWS =
            List.of(
                    "id=1, qty=10, price=1.5000, name=ann, note=n1, email=null, code=null, full_name=null",
                    "id=3, qty=31, price=3.7500, name=null, note=null, email=c@x, code=300, full_name=cid-2",
                    "id=5, qty=50, price=5.5000, name=eve, note=n5, email=null, code=null, full_name=null",
                    "id=6, qty=6000000000, price=6.5000, name=null, note=null, email=null, code=601, full_name=fay",
                    "id=7, qty=7000000000, price=7.5000, name=gus, note=n7, email=g@x, code=700, full_name=null",
                    "id=8, qty=80, price=8.1234, name=hal, note=n8, email=h@x, code=800, full_name=null",
                    "id=9, qty=90, price=9.5000, name=ivy-with-a-much-longer-name, note=n9, email=i@x, code=900, full_name=null",
                    "id=10, qty=100, price=10.5000, name=null, note=n10, email=j@x, code=1000, full_name=jay",
                    "id=11, qty=110, price=11.5000, name=null, note=null, email=k@x, code=1100, full_name=kim",
                    "id=12, qty=120, price=12.5000, name=null, note=null, email=l@x, code=1200, full_name=lee");

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        PaimonPipelineRun.connectorJar();
    }

    @ParameterizedTest(name = "{0}, parallelism {1}")
    @CsvSource(
            textBlock =
                    """
                    evolve, 1
                    evolve, 2
                    lenient, 1
                    lenient, 2
                    """)
    void theTableEndsExactlyAsTheBehaviorSays(String behavior, int parallelism) throws Exception {
        String database = "e2e_paimon_" + behavior + "_p" + parallelism;
        Path warehouse = dir.resolve("warehouse");
        Path script = dir.resolve("script.yaml");
        Files.writeString(script, ChangeScripts.EVERY_CHANGE_TYPE.replace("SCHEMA", database));

        PaimonPipelineRun.run(
                        dir,
                        PaimonPipelineRun.valuesInto(warehouse, script, parallelism, behavior, ""))
                .assertSucceeded();

        try (Warehouse paimon = new Warehouse(warehouse)) {
            assertThat(paimon.table(database, "items").schema().primaryKeys())
                    .containsExactly("id");
            if (behavior.equals("evolve")) {
                assertThat(paimon.columns(database, "items")).isEqualTo(EVOLVE_COLUMNS);
                assertThat(paimon.schemaHistory(database, "items")).isEqualTo(EVOLVE_HISTORY);
                assertThat(paimon.rows(database, "items"))
                        .isEqualTo(ChangeScripts.EVERY_CHANGE_TYPE_EVOLVE_ROWS);
            } else {
                assertThat(paimon.columns(database, "items")).isEqualTo(LENIENT_COLUMNS);
                assertThat(paimon.rows(database, "items")).isEqualTo(LENIENT_ROWS);
            }
        }
    }
}
