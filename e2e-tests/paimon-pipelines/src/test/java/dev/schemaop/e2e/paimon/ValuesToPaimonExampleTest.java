package dev.schemaop.e2e.paimon;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * {@code conf/examples/values-to-paimon.yaml} as a user runs it (its warehouse moved into a temp
 * directory), read back with Paimon's API: the demo's orders table under lenient.
 */
class ValuesToPaimonExampleTest {
    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        PaimonPipelineRun.connectorJar();
    }

    @Test
    void theExampleWritesTheOrdersTableIntoTheWarehouse() throws Exception {
        Path warehouse = dir.resolve("warehouse");
        String pipeline = PaimonPipelineRun.example(warehouse);

        PaimonPipelineRun.run(dir, pipeline).assertSucceeded();

        try (Warehouse paimon = new Warehouse(warehouse)) {
            assertThat(paimon.table("shop", "orders").coreOptions().bucket()).isEqualTo(2);
            assertThat(paimon.columns("shop", "orders"))
                    .as("lenient: nothing dropped or narrowed; DATE to text kept the dates")
                    .containsExactly(
                            "id INT NOT NULL",
                            "customer VARCHAR(20)",
                            "amount DECIMAL(12, 4)",
                            "birthday_date DATE",
                            "note VARCHAR(40)",
                            "birthday VARCHAR(30)",
                            "buyer VARCHAR(20)");
            assertThat(paimon.rows("shop", "orders"))
                    .as("lenient skips the truncate")
                    .containsExactly(
                            "id=1, customer=alice, amount=12.5000, birthday_date=1990-01-31,"
                                    + " note=null, birthday=null, buyer=null",
                            "id=2, customer=bob, amount=3.1050, birthday_date=1985-06-01,"
                                    + " note=repriced, birthday=null, buyer=null",
                            "id=3, customer=carol, amount=99.9900, birthday_date=2001-12-24,"
                                    + " note=first order, birthday=null, buyer=null",
                            "id=4, customer=dave, amount=7.0000, birthday_date=null, note=null,"
                                    + " birthday=sometime in 1970, buyer=null",
                            "id=5, customer=null, amount=1.0000, birthday_date=null, note=null,"
                                    + " birthday=2000-02-29, buyer=erin",
                            "id=6, customer=null, amount=2.5000, birthday_date=null, note=null,"
                                    + " birthday=1999-09-09, buyer=frank");
        }
    }
}
