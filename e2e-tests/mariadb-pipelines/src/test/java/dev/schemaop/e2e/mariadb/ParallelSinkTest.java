package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rows in flight while the table changes, at parallelism 2: the source has one reader, the schema
 * operator and the sink run at 2 (rows hashed by key to both writers). 20,000 rows are inserted in
 * batches of 500 while, between phases, {@code ALTER TABLE .. ADD COLUMN} runs five times, each
 * followed by rows that fill the new column and by an update of older rows that fills it too. Under
 * EVOLVE the PostgreSQL table must end with every column and every row with exactly its values:
 * none written in an older shape (a row inserted after an ADD has its value in the new column),
 * none lost, none twice.
 */
class ParallelSinkTest {
    private static final String DB = "e2e_maria_par_sink";
    private static final String T = "items";
    private static final int ROWS = 20_000;
    private static final int SNAPSHOT_ROWS = 1_000;
    private static final int BATCH = 500;

    /** The first id of phase k (k = 0..5); phase k rows fill c1..ck. */
    private static final int[] PHASE_START = {1, 5_001, 8_001, 11_001, 14_001, 17_001};

    private static final String[] NEW_COLUMNS = {
        "c1 INT", "c2 VARCHAR(30)", "c3 BIGINT", "c4 DECIMAL(12,2)", "c5 DATE"
    };

    @Test
    void everyRowKeepsItsValuesWhileColumnsAreAddedUnderLoad() throws Exception {
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement();
                Connection pgConnection = Servers.postgres();
                Statement pgSql = pgConnection.createStatement();
                PostgresTables pg = PostgresTables.fresh(DB)) {
            Servers.freshDatabase(sql, DB);
            sql.execute(
                    "CREATE TABLE "
                            + DB
                            + "."
                            + T
                            + " (id INT NOT NULL PRIMARY KEY, v INT NOT NULL, s VARCHAR(40))");
            insert(sql, 1, SNAPSHOT_ROWS, 0);

            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            Servers.sourceBlock(DB + "." + T, "")
                                    + Servers.postgresSinkBlock()
                                    + "pipeline:\n  parallelism: 2\n  schema.change.behavior: evolve\n",
                            2)) {
                assertThat(Await.until(pipeline, () -> count(pgSql), (long) SNAPSHOT_ROWS))
                        .as("the snapshot")
                        .isEqualTo(SNAPSHOT_ROWS);

                int next = SNAPSHOT_ROWS + 1;
                for (int phase = 0; phase < PHASE_START.length; phase++) {
                    if (phase > 0) {
                        sql.execute(
                                "ALTER TABLE "
                                        + DB
                                        + "."
                                        + T
                                        + " ADD COLUMN "
                                        + NEW_COLUMNS[phase - 1]);
                        // older rows get the new column too, in the new shape
                        sql.execute(
                                "UPDATE "
                                        + DB
                                        + "."
                                        + T
                                        + " SET c"
                                        + phase
                                        + " = "
                                        + sqlValueExpression(phase)
                                        + " WHERE id % 101 = 0");
                    }
                    int end = phase + 1 < PHASE_START.length ? PHASE_START[phase + 1] - 1 : ROWS;
                    insert(sql, next, end, phase);
                    next = end + 1;
                }

                String checksumSql =
                        "SELECT " + checksumExpression(false) + " FROM " + DB + "." + T;
                String expectedChecksum;
                try (Statement s = maria.createStatement()) {
                    s.execute("SET SESSION group_concat_max_len = 67108864");
                    expectedChecksum = single(s, checksumSql);
                }
                String pgChecksumSql =
                        "SELECT " + checksumExpression(true) + " FROM " + DB + "." + T;
                String reached =
                        Await.until(pipeline, () -> single(pgSql, pgChecksumSql), expectedChecksum);

                // what PostgreSQL has, row by row, against what each row must hold
                Map<Integer, String> actual = new TreeMap<>();
                for (String row : pg.rows(T)) {
                    actual.put(Integer.parseInt(row.substring(3, row.indexOf(','))), row);
                }
                List<String> wrong = new ArrayList<>();
                for (int id = 1; id <= ROWS; id++) {
                    String want = expectedRow(id);
                    String got = actual.get(id);
                    if (!want.equals(got)) {
                        wrong.add("id " + id + ": expected <" + want + "> but was <" + got + ">");
                    }
                }
                assertThat(wrong.subList(0, Math.min(20, wrong.size())))
                        .as("rows that differ from what they must hold (%d in all)", wrong.size())
                        .isEmpty();
                assertThat(actual).as("no row more than the source has").hasSize(ROWS);

                assertThat(pg.columns(T))
                        .containsExactly(
                                "id integer NOT NULL",
                                "v integer NOT NULL",
                                "s character varying(40)",
                                "c1 integer",
                                "c2 character varying(30)",
                                "c3 bigint",
                                "c4 numeric(12,2)",
                                "c5 date");
                assertThat(count(pgSql)).isEqualTo(ROWS);
                assertThat(count(sql)).isEqualTo(ROWS);
                assertThat(reached)
                        .as("checksum of every row, PostgreSQL = MariaDB")
                        .isEqualTo(expectedChecksum);
                String sums =
                        "SELECT CONCAT(COUNT(*), '/', COUNT(c1), '/', SUM(c1), '/', COUNT(c2), '/',"
                                + " COUNT(c3), '/', SUM(c3), '/', COUNT(c4), '/', SUM(c4), '/',"
                                + " COUNT(c5)) FROM "
                                + DB
                                + "."
                                + T;
                assertThat(single(pgSql, sums))
                        .as("counts and sums per column")
                        .isEqualTo(single(sql, sums));

                // none of the wrong shape: each new column is filled exactly where it must be
                for (int k = 1; k <= 5; k++) {
                    String misplaced =
                            "SELECT COUNT(*) FROM "
                                    + DB
                                    + "."
                                    + T
                                    + " WHERE (c"
                                    + k
                                    + " IS NULL) <> NOT (id >= "
                                    + PHASE_START[k]
                                    + " OR id % 101 = 0)";
                    assertThat(single(pgSql, misplaced))
                            .as("rows with c%d wrongly set or null", k)
                            .isEqualTo("0");
                }

                // spot checks: first, middle and last row of each phase, and an updated old row
                for (int phase = 0; phase < PHASE_START.length; phase++) {
                    int first = PHASE_START[phase];
                    int last = phase + 1 < PHASE_START.length ? PHASE_START[phase + 1] - 1 : ROWS;
                    for (int id : new int[] {first, (first + last) / 2, last}) {
                        assertThat(actual.get(id))
                                .as("row %d (phase %d)", id, phase)
                                .isEqualTo(expectedRow(id));
                    }
                }
                assertThat(actual.get(101))
                        .isEqualTo(
                                "id=101, v=101, s=s101, c1=303, c2=r101, c3=101000000707,"
                                        + " c4=101.75, c5=2020-04-11");
                assertThat(actual.get(17_001))
                        .isEqualTo(
                                "id=17001, v=1, s=s17001, c1=51003, c2=r17001, c3=17001000119007,"
                                        + " c4=17001.75, c5=2025-06-24");
                assertThat(actual.get(5_001))
                        .isEqualTo(
                                "id=5001, v=1, s=s5001, c1=15003, c2=null, c3=null, c4=null,"
                                        + " c5=null");
                pipeline.assertRunning();
            }
        }
    }

    // ------------------------------------------------------------------ the rows

    private static int phaseOf(int id) {
        int phase = 0;
        while (phase + 1 < PHASE_START.length && id >= PHASE_START[phase + 1]) {
            phase++;
        }
        return phase;
    }

    private static boolean filled(int id, int column) {
        return phaseOf(id) >= column || id % 101 == 0;
    }

    /** The value of new column k for row id, as PostgreSQL prints it (null when not filled). */
    private static String value(int id, int column) {
        if (!filled(id, column)) {
            return "null";
        }
        switch (column) {
            case 1:
                return String.valueOf(id * 3);
            case 2:
                return "r" + id;
            case 3:
                return String.valueOf(id * 1_000_000_007L);
            case 4:
                return id + ".75";
            case 5:
                return LocalDate.of(2020, 1, 1).plusDays(id % 3000).toString();
            default:
                throw new IllegalArgumentException("column " + column);
        }
    }

    /** The same value as a MariaDB expression of the row's id (for the updates). */
    private static String sqlValueExpression(int column) {
        switch (column) {
            case 1:
                return "id * 3";
            case 2:
                return "CONCAT('r', id)";
            case 3:
                return "id * 1000000007";
            case 4:
                return "id + 0.75";
            case 5:
                return "DATE_ADD('2020-01-01', INTERVAL (id % 3000) DAY)";
            default:
                throw new IllegalArgumentException("column " + column);
        }
    }

    private static String expectedRow(int id) {
        StringBuilder row = new StringBuilder();
        row.append("id=").append(id).append(", v=").append(id % 1000).append(", s=s").append(id);
        for (int k = 1; k <= 5; k++) {
            row.append(", c").append(k).append('=').append(value(id, k));
        }
        return row.toString();
    }

    /** Inserts rows from..to in batches, in the shape of {@code phase} (columns c1..c_phase). */
    private static void insert(Statement sql, int from, int to, int phase) throws SQLException {
        for (int start = from; start <= to; start += BATCH) {
            StringBuilder insert =
                    new StringBuilder("INSERT INTO ").append(DB).append('.').append(T);
            insert.append(" (id, v, s");
            for (int k = 1; k <= phase; k++) {
                insert.append(", c").append(k);
            }
            insert.append(") VALUES ");
            for (int id = start; id <= Math.min(to, start + BATCH - 1); id++) {
                insert.append(id == start ? "(" : ", (")
                        .append(id)
                        .append(", ")
                        .append(id % 1000)
                        .append(", 's")
                        .append(id)
                        .append('\'');
                for (int k = 1; k <= phase; k++) {
                    String value = value(id, k);
                    insert.append(", ").append(k == 2 || k == 5 ? "'" + value + "'" : value);
                }
                insert.append(')');
            }
            sql.execute(insert.toString());
        }
    }

    // ------------------------------------------------------------------ queries

    /** md5 over every row in id order, nulls as N, the same text on both databases. */
    private static String checksumExpression(boolean postgres) {
        List<String> parts = new ArrayList<>();
        parts.add("id");
        parts.add("v");
        parts.add("s");
        for (int k = 1; k <= 5; k++) {
            parts.add(postgres ? "coalesce(c" + k + "::text, 'N')" : "IFNULL(c" + k + ", 'N')");
        }
        String row = "concat_ws('|', " + String.join(", ", parts) + ")";
        return postgres
                ? "md5(string_agg(" + row + ", ',' ORDER BY id))"
                : "MD5(GROUP_CONCAT(" + row + " ORDER BY id SEPARATOR ','))";
    }

    private static long count(Statement statement) throws SQLException {
        return Long.parseLong(single(statement, "SELECT COUNT(*) FROM " + DB + "." + T));
    }

    private static String single(Statement statement, String query) throws SQLException {
        try (ResultSet rs = statement.executeQuery(query)) {
            ResultSetMetaData meta = rs.getMetaData();
            if (!rs.next() || meta.getColumnCount() != 1) {
                throw new SQLException("no single value from " + query);
            }
            return rs.getString(1);
        }
    }
}
