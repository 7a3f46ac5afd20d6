package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.e2e.mariadb.Await;
import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.RunningPipeline;
import dev.schemaop.e2e.mariadb.Servers;
import dev.schemaop.testing.SqlRows;

import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Large values PostgreSQL keeps out of line (TOAST): an update that leaves them unchanged does not
 * log them (pgoutput sends "unchanged" in their place, Debezium a placeholder), yet the sink must
 * end with the values the source has, whatever the replica identity: text, bytea, jsonb and an
 * array, on a table with the default identity (the values are read again by key), one with REPLICA
 * IDENTITY FULL (taken from the before image) and a keyless one; also when the key changes in the
 * same update, when the row is deleted right after, and when the column is renamed right after.
 */
class ToastedValuesTest {
    private static final String DB = "e2e_pgsrc_toast";
    private static final String SINK = "e2e_pgsrc_toast_sink";
    private static final String COLUMNS =
            "(id INT PRIMARY KEY, body TEXT NOT NULL, blob BYTEA, doc JSONB, tags TEXT[], nums INT[],"
                    + " vec FLOAT8[], ids UUID[], n INT)";

    @Test
    void unchangedLargeValuesKeepTheirValueAtTheSink() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK);
                Connection sourceSql = Servers.postgres(Servers.postgresUrl(DB));
                Connection sinkSql = Servers.postgres()) {
            // ~22 kB of hex: compressed it still exceeds the 2 kB TOAST threshold
            source.execute(
                    "CREATE FUNCTION big(k INT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$"
                            + " SELECT string_agg(md5(k || '-' || g), '') FROM generate_series(1,"
                            + " 700) g $$");
            source.execute("CREATE TABLE docs " + COLUMNS);
            source.execute("CREATE TABLE docs_full " + COLUMNS);
            source.execute("ALTER TABLE docs_full REPLICA IDENTITY FULL");
            source.execute("CREATE TABLE notes (body TEXT, n INT)");
            // a key of several types, dates and times among them, to read the row again by
            source.execute(
                    "CREATE TABLE events (id BIGINT, at TIMESTAMP, zoned TIMESTAMPTZ, day DATE,"
                            + " tag VARCHAR(10), body TEXT, n INT,"
                            + " PRIMARY KEY (id, at, zoned, day, tag))");
            source.execute(
                    "INSERT INTO events VALUES (1, '2026-12-06 10:11:12.123456',"
                            + " '2026-12-06 10:11:12.654321+02', '2026-12-06', 'a', big(200), 1)");
            source.execute("ALTER TABLE notes REPLICA IDENTITY FULL");
            insert(source, 1, 2);
            source.execute("INSERT INTO notes VALUES (big(100), 1)");

            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            source.sourceBlock("public.(docs|docs_full|notes|events)", DB, "")
                                    + Servers.postgresSinkBlock()
                                    + "route:\n  - source-table: public.\\.*\n    sink-table: "
                                    + SINK
                                    + ".<>\n    replace-symbol: <>\n"
                                    + "pipeline:\n  parallelism: 1\n"
                                    + "  schema.change.behavior: evolve\n",
                            1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("docs").size(), 2)).isEqualTo(2);
                insert(source, 3, 5);
                source.execute("INSERT INTO notes VALUES (big(101), 2)");
                for (String table : List.of("docs", "docs_full")) {
                    source.execute("UPDATE " + table + " SET n = n + 10");
                    source.execute("UPDATE " + table + " SET id = 6 WHERE id = 5");
                    // in one transaction, so the pipeline reads the update only once the row
                    // is gone, or the column renamed
                    source.execute(
                            "BEGIN; UPDATE "
                                    + table
                                    + " SET n = 0 WHERE id = 4; DELETE FROM "
                                    + table
                                    + " WHERE id = 4; COMMIT");
                    source.execute(
                            "BEGIN; UPDATE "
                                    + table
                                    + " SET n = 7 WHERE id = 1; ALTER TABLE "
                                    + table
                                    + " RENAME COLUMN body TO text_body; COMMIT");
                }
                source.execute("UPDATE notes SET n = n + 10");
                source.execute("UPDATE events SET n = 2");
                source.execute(
                        "INSERT INTO docs VALUES (9, 'last', NULL, NULL, NULL, NULL, NULL, NULL, 9)");

                String sourceSummary = summary(true);
                String sinkSummary = summary(false);
                Sides sides = new Sides(pipeline, sourceSql, sinkSql);
                assertThat(sides.same(sourceSummary, sinkSummary, "docs ORDER BY id")).hasSize(5);
                assertThat(sides.same(sourceSummary, sinkSummary, "docs_full ORDER BY id"))
                        .hasSize(4);
                String notesSummary = "SELECT md5(body) AS body, n FROM ";
                assertThat(sides.same(notesSummary, notesSummary, "notes ORDER BY n")).hasSize(2);
                String eventsSummary = "SELECT id, md5(body) AS body, n FROM ";
                assertThat(sides.same(eventsSummary, eventsSummary, "events"))
                        .containsExactly("id=1, body=" + md5(sourceSql, 200) + ", n=2");
            }
        }
    }

    /** A key the source cannot look a row up by (a time of day): the job ends with what to do. */
    @Test
    void aKeyTheRowCannotBeReadAgainByEndsTheJobWithWhatToDo() throws Exception {
        assertTheUpdateEndsTheJob(
                "shifts",
                List.of("CREATE TABLE shifts (starts TIME PRIMARY KEY, body TEXT, n INT)"),
                "'08:00'",
                "its key column starts is of a type the source cannot look a row up by (time"
                        + " without time zone)");
    }

    /** A table without a primary key, identified by a unique index: nothing to read the row by. */
    @Test
    void aTableWithoutAPrimaryKeyEndsTheJobWithWhatToDo() throws Exception {
        assertTheUpdateEndsTheJob(
                "coded",
                List.of(
                        "CREATE TABLE coded (code INT NOT NULL, body TEXT, n INT)",
                        "CREATE UNIQUE INDEX coded_code ON coded (code)",
                        "ALTER TABLE coded REPLICA IDENTITY USING INDEX coded_code"),
                "1",
                "it has no primary key to read the row by");
    }

    /**
     * A table of ({@code first}, body, n) made by {@code setup}, one row with a large body: an
     * update of n ends the job, saying why and what to do, and the sink keeps the row as it was.
     */
    private static void assertTheUpdateEndsTheJob(
            String table, List<String> setup, String first, String why) throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK)) {
            for (String statement : setup) {
                source.execute(statement);
            }
            source.execute(
                    "INSERT INTO "
                            + table
                            + " SELECT "
                            + first
                            + ", string_agg(md5(g::text), ''), 1 FROM generate_series(1, 700) g");
            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            source.sourceBlock("public." + table, DB, "")
                                    + Servers.postgresSinkBlock()
                                    + "route:\n  - source-table: public."
                                    + table
                                    + "\n    sink-table: "
                                    + SINK
                                    + "."
                                    + table
                                    + "\npipeline:\n  parallelism: 1\n",
                            1)) {
                assertThat(Await.until(pipeline, () -> pg.rows(table).size(), 1)).isEqualTo(1);
                source.execute("UPDATE " + table + " SET n = 2");

                Throwable failure = Await.failure(pipeline);
                assertThat(failure).as("the job ended").isNotNull();
                assertThat(ExceptionUtils.findThrowable(failure, NonRecoverableException.class))
                        .get()
                        .extracting(Throwable::getMessage)
                        .isEqualTo(
                                "An update of public."
                                        + table
                                        + " left a large value unchanged, which PostgreSQL does"
                                        + " not log, and the source cannot read it again: "
                                        + why
                                        + ". Run ALTER TABLE \"public\".\""
                                        + table
                                        + "\" REPLICA IDENTITY FULL, so that updates log the whole"
                                        + " row, and start the pipeline with --fresh.");
                assertThat(pg.count(table, "n = 1 AND length(body) = 22400"))
                        .as("the snapshot's row, untouched")
                        .isEqualTo(1);
            }
        }
    }

    /** The source database and the sink's schema, read alike. */
    private record Sides(RunningPipeline pipeline, Connection source, Connection sink) {
        /**
         * The source's rows of {@code from} by {@code sourceSelect}, once the sink's by {@code
         * sinkSelect} are the same (asserted).
         */
        List<String> same(String sourceSelect, String sinkSelect, String from) throws Exception {
            List<String> expected = SqlRows.of(source, sourceSelect + from);
            assertThat(
                            Await.until(
                                    pipeline,
                                    () -> SqlRows.of(sink, sinkSelect + SINK + "." + from),
                                    expected))
                    .as("the sink's %s", from)
                    .isEqualTo(expected);
            return expected;
        }
    }

    private static String md5(Connection sql, int k) throws Exception {
        return SqlRows.of(sql, "SELECT md5(big(" + k + ")) AS m").get(0).substring("m=".length());
    }

    /** Each row's values as md5 sums: large values compared whole, read briefly. */
    private static String summary(boolean source) {
        // arrays are jsonb at the sink (the JDBC sink's mapping); doubles compared as float8
        String vec =
                source
                        ? "vec::text"
                        : "CASE WHEN vec IS NOT NULL THEN ARRAY(SELECT e::float8"
                                + " FROM jsonb_array_elements_text(vec) WITH ORDINALITY a(e, i)"
                                + " ORDER BY i)::text END";
        String json = source ? "to_jsonb(%s)" : "%s";
        return "SELECT id, md5(text_body) AS body, md5(blob) AS blob, md5(doc::text) AS doc"
                + Stream.of("tags", "nums", "ids")
                        .map(a -> ", md5(" + json.formatted(a) + "::text) AS " + a)
                        .collect(Collectors.joining())
                + ", md5("
                + vec
                + ") AS vec, n FROM ";
    }

    /** Rows {@code from..to} of both keyed tables, every large column out of line. */
    private static void insert(SourceDatabase source, int from, int to) throws Exception {
        for (String table : List.of("docs", "docs_full")) {
            source.execute(
                    "INSERT INTO "
                            + table
                            + " SELECT k, big(k), decode(big(k), 'hex'),"
                            + " jsonb_build_object('k', big(k)), ARRAY[big(k), 'x'],"
                            + " ARRAY(SELECT hashtext(k || '-' || g) FROM generate_series(1, 3000) g),"
                            // arrays Debezium has no placeholder for: it leaves them null
                            + " ARRAY(SELECT hashtext(k || '+' || g) / 1000.0::float8"
                            + "   FROM generate_series(1, 3000) g),"
                            + " ARRAY(SELECT md5(k || '*' || g)::uuid FROM generate_series(1, 1000) g),"
                            + " k"
                            + " FROM generate_series("
                            + from
                            + ", "
                            + to
                            + ") k");
        }
    }
}
