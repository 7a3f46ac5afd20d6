package dev.schemaop.e2e.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.e2e.mariadb.Await;
import dev.schemaop.e2e.mariadb.PostgresTables;
import dev.schemaop.e2e.mariadb.RunningPipeline;
import dev.schemaop.e2e.mariadb.Servers;

import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * Every mapped type (README of the postgres source, "Type mapping") through the snapshot and
 * through the stream: the same values written before the start (read by JDBC under the exported
 * snapshot) and after it (decoded by Debezium) reach the sink as the same rows.
 */
class TypeRoundTripTest {
    private static final String DB = "e2e_pgsrc_types";
    private static final String SINK = "e2e_pgsrc_types_sink";

    private static final String VALUES =
            "32000, 2000000000, 9000000000000000000, 12345678.91, 123.456, 1.5, 2.25, true,"
                    + " 'varying', 'ab', 'text ü', '\\x00ff10'::bytea, DATE '2026-12-05',"
                    + " TIME '13:14:15.123', TIME '13:14:15.123456',"
                    + " TIMESTAMP '2026-12-05 13:14:15.123', TIMESTAMP '2026-12-05 13:14:15.123456',"
                    + " TIMESTAMPTZ '2026-12-05 13:14:15.5+02',"
                    + " 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{\"a\": [1, 2]}',"
                    + " '{\"b\": {\"c\": null}}', 'ok', ARRAY[1, NULL, 3], ARRAY['x', 'y z']";

    @Test
    void snapshotAndStreamGiveTheSameValues() throws Exception {
        try (SourceDatabase source = SourceDatabase.fresh(DB);
                PostgresTables pg = PostgresTables.fresh(SINK)) {
            source.execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')");
            source.execute(
                    "CREATE TABLE types (id INT PRIMARY KEY, s SMALLINT, i INTEGER, b BIGINT,"
                            + " n NUMERIC(10, 2), nu NUMERIC, r REAL, d DOUBLE PRECISION,"
                            + " f BOOLEAN, vc VARCHAR(20), c CHAR(5), t TEXT, by BYTEA, dt DATE,"
                            + " tm TIME(3), tm6 TIME, ts TIMESTAMP(3), ts6 TIMESTAMP,"
                            + " tz TIMESTAMPTZ, u UUID, j JSON, jb JSONB, m mood, ia INT[],"
                            + " ta TEXT[])");
            source.execute("INSERT INTO types VALUES (1, " + VALUES + ")");
            source.execute("INSERT INTO types (id) VALUES (3)");
            source.execute("INSERT INTO types (id, tm, tm6) VALUES (5, '24:00', '24:00')");
            try (RunningPipeline pipeline =
                    RunningPipeline.start(
                            source.sourceBlock("public.types", DB, "")
                                    + Servers.postgresSinkBlock()
                                    + "route:\n  - source-table: public.types\n    sink-table: "
                                    + SINK
                                    + ".types\n"
                                    + "pipeline:\n  parallelism: 1\n",
                            1)) {
                assertThat(Await.until(pipeline, () -> pg.rows("types").size(), 3)).isEqualTo(3);
                source.execute("INSERT INTO types VALUES (2, " + VALUES + ")");
                source.execute("INSERT INTO types (id) VALUES (4)");
                source.execute("INSERT INTO types (id, tm, tm6) VALUES (6, '24:00', '24:00')");
                assertThat(Await.until(pipeline, () -> pg.rows("types").size(), 6)).isEqualTo(6);

                List<String> rows = pg.rows("types");
                String snapshot = rows.get(0).substring("id=1".length());
                assertThat(rows.get(1)).as("from the stream").isEqualTo("id=2" + snapshot);
                assertThat(rows.get(3).substring("id=4".length()))
                        .isEqualTo(rows.get(2).substring("id=3".length()));
                // TIME keeps milliseconds (Flink CDC 3.5's TIME); the sink's session is in UTC
                assertThat(rows.get(0))
                        .isEqualTo(
                                "id=1, s=32000, i=2000000000, b=9000000000000000000,"
                                        + " n=12345678.91, nu=123.456000000000000000, r=1.5,"
                                        + " d=2.25, f=t, vc=varying, c=ab   , t=text ü,"
                                        + " by=\\x00ff10, dt=2026-12-05, tm=13:14:15.123,"
                                        + " tm6=13:14:15.123, ts=2026-12-05 13:14:15.123,"
                                        + " ts6=2026-12-05 13:14:15.123456,"
                                        + " tz=2026-12-05 11:14:15.5+00,"
                                        + " u=a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11,"
                                        + " j={\"a\": [1, 2]}, jb={\"b\": {\"c\": null}}, m=ok,"
                                        + " ia=[1, null, 3], ta=[\"x\", \"y z\"]");
                // the end of the day: its last millisecond, from the snapshot and the stream alike
                assertThat(rows.get(4)).contains("tm=23:59:59.999, tm6=23:59:59.999");
                assertThat(rows.get(5).substring("id=6".length()))
                        .isEqualTo(rows.get(4).substring("id=5".length()));
                assertThat(rows.get(2))
                        .isEqualTo(
                                "id=3, s=null, i=null, b=null, n=null, nu=null, r=null, d=null,"
                                        + " f=null, vc=null, c=null, t=null, by=null, dt=null,"
                                        + " tm=null, tm6=null, ts=null, ts6=null, tz=null, u=null,"
                                        + " j=null, jb=null, m=null, ia=null, ta=null");
            }
        }
    }
}
