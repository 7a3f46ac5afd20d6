package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.Await;
import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.RunningPipeline;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

/**
 * A table that {@code CREATE TABLE AS} or {@code SELECT INTO} makes and fills while the pipeline
 * streams: its rows were written before the table entered the publication, so the DDL capture logs
 * them again, and they reach the sink as inserts, once, followed by what the same transaction and
 * later ones did to them; a large (out-of-line) value arrives whole. Keyless, as such tables are.
 */
class CreateTableAsTest {
    private static final String DB = "e2e_pgsrc_ctas";
    private static final String SINK = "e2e_pgsrc_ctas_sink";

    @Test
    void theRowsATableWasCreatedWithReachTheSinkOnceWithWhatFollowed() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK)) {
            source.execute(
                    "CREATE TABLE orders (id INT PRIMARY KEY, amount NUMERIC(10, 2), note TEXT)");
            source.execute(
                    "INSERT INTO orders VALUES (1, 5.00, 'small'), (2, 15.50, 'mid'),"
                            + " (3, 25.00, (SELECT string_agg(md5(g::text), '')"
                            + " FROM generate_series(1, 5000) g)), (4, 35.25, NULL)");

            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            source.intoPostgresSchema(
                                    "public.(orders|big_orders|copied|tx_copy|empty_copy)",
                                    SINK,
                                    "  schema.change.behavior: evolve\n"),
                            1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("orders").size(), 4))
                        .as("the snapshot")
                        .isEqualTo(4);

                source.execute(
                        "CREATE TABLE big_orders AS SELECT id, amount, note FROM orders"
                                + " WHERE amount > 10");
                source.execute("SELECT id, amount INTO copied FROM orders");
                source.execute(
                        "BEGIN;"
                                + " CREATE TABLE tx_copy AS SELECT id, amount FROM orders;"
                                + " UPDATE tx_copy SET amount = amount + 100 WHERE id = 1;"
                                + " DELETE FROM tx_copy WHERE id = 2;"
                                + " INSERT INTO tx_copy VALUES (99, 9.99);"
                                + " COMMIT");
                source.execute(
                        "CREATE TABLE empty_copy AS SELECT id, note FROM orders WITH NO DATA");
                source.execute("CREATE TABLE skipped AS SELECT id FROM orders");
                source.execute("INSERT INTO empty_copy VALUES (7, 'after')");
                source.execute("UPDATE big_orders SET amount = 0 WHERE id = 2");
                source.execute("INSERT INTO orders VALUES (5, 45.00, 'last')");

                assertThat(Await.until(pipeline, () -> pg.rows("orders").size(), 5))
                        .as("a row after all the statements")
                        .isEqualTo(5);
                List<String> empty = List.of("id=7, note=after");
                assertThat(Await.until(pipeline, () -> pg.rows("empty_copy"), empty))
                        .isEqualTo(empty);
                // the large value (160,000 characters of hex) is stored out of line: compared
                // by md5 with the source's
                List<String> big =
                        List.of(
                                "id=2, amount=0.00, note=" + md5("mid"),
                                "id=3, amount=25.00, note=" + largeNote(source),
                                "id=4, amount=35.25, note=null");
                assertThat(
                                Await.until(
                                        pipeline,
                                        () ->
                                                pg.rows(
                                                        "big_orders",
                                                        "id, amount, md5(note) AS note"),
                                        big))
                        .isEqualTo(big);
                assertThat(pg.rows("copied"))
                        .containsExactly(
                                "id=1, amount=5.00",
                                "id=2, amount=15.50",
                                "id=3, amount=25.00",
                                "id=4, amount=35.25");
                assertThat(pg.rows("tx_copy"))
                        .containsExactly(
                                "id=1, amount=105.00",
                                "id=3, amount=25.00",
                                "id=4, amount=35.25",
                                "id=99, amount=9.99");
                assertThat(pg.exists("skipped")).as("not captured").isFalse();
                // an update, even to the same values, moves a row to a new place: the rows of
                // the captured table moved (logged again), those of the one not captured did not
                assertThat(source.rows("SELECT ctid::text AS at FROM copied ORDER BY id"))
                        .containsExactly("at=(0,5)", "at=(0,6)", "at=(0,7)", "at=(0,8)");
                assertThat(source.rows("SELECT ctid::text AS at FROM skipped ORDER BY id"))
                        .containsExactly("at=(0,1)", "at=(0,2)", "at=(0,3)", "at=(0,4)");
            }
        }
    }

    private static String largeNote(SourceDatabase source) throws Exception {
        return source.rows("SELECT md5(note) AS m FROM orders WHERE id = 3")
                .get(0)
                .substring("m=".length());
    }

    private static String md5(String text) throws Exception {
        return HexFormat.of()
                .formatHex(
                        MessageDigest.getInstance("MD5")
                                .digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
