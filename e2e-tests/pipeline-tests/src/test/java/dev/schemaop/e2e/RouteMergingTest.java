package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.List;

/**
 * SPEC §7: two shards with different shapes routed into one sink table merge into their least
 * common schema (union of columns, common wider types); each shard's rows are reshaped onto it. A
 * change that would narrow the merged schema does not reach it (orders_2's qty back to SMALLINT),
 * and a rename in one shard is not a rename of the merged table: the new name joins the union, the
 * old column stays for the other shard.
 */
class RouteMergingTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "{0} at parallelism {1}, splits {2}")
    @CsvSource({"evolve,1,1", "evolve,2,2", "lenient,2,2"})
    void shardsMergeIntoTheirLeastCommonSchema(String behavior, int parallelism, int splits)
            throws Exception {
        Path script = Pipelines.script(dir, "sharded-orders.yaml");
        PipelineRun run =
                PipelineRun.run(
                        dir,
                        "source:\n"
                                + "  type: values\n"
                                + "  script: "
                                + script
                                + "\n"
                                + "  splits: "
                                + splits
                                + "\n"
                                + "sink:\n"
                                + "  type: values\n"
                                + "  output.path: "
                                + dir.resolve("result.json")
                                + "\n"
                                + "route:\n"
                                + "  - source-table: shop.orders_\\.*\n"
                                + "    sink-table: shop.orders\n"
                                + "pipeline:\n"
                                + "  parallelism: "
                                + parallelism
                                + "\n"
                                + "  schema.change.behavior: "
                                + behavior
                                + "\n");

        assertThat(run.exitCode).as("stderr:\n%s", run.stderr).isZero();
        assertThat(run.columns("shop.orders"))
                .containsExactly(
                        "id INT NOT NULL",
                        "amount DECIMAL(12, 4)",
                        "qty BIGINT",
                        "note VARCHAR(10)",
                        "remark VARCHAR(10)");
        assertThat(run.rows("shop.orders"))
                .isEqualTo(
                        List.of(
                                "id=1, amount=1.5000, qty=1, note=null, remark=null",
                                "id=2, amount=2.5000, qty=2, note=null, remark=null",
                                "id=3, amount=3.5000, qty=3000000000, note=null, remark=null",
                                "id=11, amount=11.1234, qty=100000, note=x, remark=null",
                                "id=12, amount=12.0000, qty=12, note=y, remark=null",
                                "id=13, amount=13.0000, qty=13, note=null, remark=z"));
        assertThat(run.hasTable("shop.orders_1")).isFalse();
        assertThat(run.hasTable("shop.orders_2")).isFalse();
    }
}
