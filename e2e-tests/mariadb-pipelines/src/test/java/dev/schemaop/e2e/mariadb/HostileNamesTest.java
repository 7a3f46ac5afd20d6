package dev.schemaop.e2e.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.values.sink.ValuesStore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Table and column names a user may give MariaDB that need quoting (a backtick, a double quote, a
 * single quote, a backslash, a dot, a space, a reserved word, non-ASCII letters), through the
 * snapshot and through every DDL statement of the binlog, into the values sink under EVOLVE: each
 * arrives spelled as MariaDB spells it, a rename is a rename (the column keeps its values), and
 * every row lands in its column. The expectations are the exact schema change events per table,
 * each table's columns and every row.
 *
 * <p>Per family of names {@code n0..n3}: the snapshot has table {@code n0} with column {@code n0};
 * the binlog adds {@code n1}, retypes {@code n0}, renames {@code n1} to {@code n2} with CHANGE
 * (same type), then {@code n2} to {@code n3} with CHANGE (a new type), then {@code n3} back to
 * {@code n1} with RENAME COLUMN, drops {@code n0}; creates table {@code n1}, renames it to {@code
 * n2} with RENAME TABLE and that to {@code n3} with ALTER TABLE .. RENAME TO. A row follows every
 * statement.
 */
class HostileNamesTest {
    private static final String DB = "e2e_maria_names";

    /** Four names of one kind: each is a column name and a table name. */
    private record Family(String n0, String n1, String n2, String n3) {}

    private static final List<Family> FAMILIES =
            List.of(
                    new Family("a`b", "`lead", "trail`", "two``ticks"),
                    new Family("a\"b", "\"lead", "trail\"", "two\"\"quotes"),
                    new Family("a'b", "'lead", "trail'", "two''quotes"),
                    new Family("a\\b", "\\lead", "trail\\", "two\\\\slashes"),
                    new Family("a.b", ".lead", "trail.", "two..dots"),
                    new Family("a b", " lead", "mid dle", "two  spaces"),
                    new Family("select", "from", "order", "table"),
                    new Family("naïve", "名前", "Ωmega", "ünï€"));

    @TempDir Path savepoints;

    @Test
    void everyNameArrivesAsMariaDbSpellsItThroughTheSnapshotTheBinlogAndARestore()
            throws Exception {
        String output = "target/e2e-maria-names.json";
        ValuesStore.forPath(output).reset();
        try (Connection maria = Servers.mariadb();
                Statement sql = maria.createStatement()) {
            Servers.freshDatabase(sql, DB);
            for (Family f : FAMILIES) {
                sql.execute(
                        "CREATE TABLE "
                                + table(f.n0())
                                + " (id INT NOT NULL PRIMARY KEY, "
                                + quoted(f.n0())
                                + " INT)");
                sql.execute("INSERT INTO " + table(f.n0()) + " VALUES (1, 10)");
            }
            String definition =
                    Servers.sourceBlock(DB + ".\\.*", "")
                            + "sink:\n  type: values\n  output.path: "
                            + output
                            + "\n  keep.existing: true\n"
                            + "pipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n";
            String savepoint;
            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1)) {
                Map<String, List<String>> snapshot = expected(HostileNamesTest::afterSnapshot);
                assertThat(Await.until(pipeline, () -> sink(output), snapshot))
                        .as("the snapshot")
                        .isEqualTo(snapshot);

                for (Family f : FAMILIES) {
                    binlog(sql, f);
                }
                Map<String, List<String>> binlog = expected(HostileNamesTest::afterBinlog);
                assertThat(Await.until(pipeline, () -> sink(output), binlog))
                        .as("the binlog")
                        .isEqualTo(binlog);
                savepoint = pipeline.stopWithSavepoint(savepoints);
            }

            for (Family f : FAMILIES) {
                whileStopped(sql, f);
            }
            try (RunningPipeline pipeline = RunningPipeline.start(definition, 1, savepoint)) {
                Map<String, List<String>> restored = expected(HostileNamesTest::afterRestore);
                assertThat(Await.until(pipeline, () -> sink(output), restored))
                        .as("after the restore")
                        .isEqualTo(restored);
            }
        }
    }

    /** Every DDL statement on names of the family, each followed by a row. */
    private static void binlog(Statement sql, Family f) throws SQLException {
        String t0 = table(f.n0());
        String c0 = quoted(f.n0());
        String c1 = quoted(f.n1());
        String c2 = quoted(f.n2());
        String c3 = quoted(f.n3());
        sql.execute("ALTER TABLE " + t0 + " ADD COLUMN " + c1 + " VARCHAR(10)");
        sql.execute("INSERT INTO " + t0 + " (id, " + c0 + ", " + c1 + ") VALUES (2, 20, 'two')");
        sql.execute("ALTER TABLE " + t0 + " MODIFY " + c0 + " BIGINT");
        sql.execute("INSERT INTO " + t0 + " (id, " + c0 + ", " + c1 + ") VALUES (3, 30, 'three')");
        sql.execute("ALTER TABLE " + t0 + " CHANGE " + c1 + " " + c2 + " VARCHAR(10)");
        sql.execute("INSERT INTO " + t0 + " (id, " + c0 + ", " + c2 + ") VALUES (4, 40, 'four')");
        sql.execute("ALTER TABLE " + t0 + " CHANGE COLUMN " + c2 + " " + c3 + " VARCHAR(20)");
        sql.execute("INSERT INTO " + t0 + " (id, " + c0 + ", " + c3 + ") VALUES (5, 50, 'five')");
        sql.execute("ALTER TABLE " + t0 + " RENAME COLUMN " + c3 + " TO " + c1);
        sql.execute("INSERT INTO " + t0 + " (id, " + c0 + ", " + c1 + ") VALUES (6, 60, 'six')");
        sql.execute("ALTER TABLE " + t0 + " DROP COLUMN " + c0);
        sql.execute("INSERT INTO " + t0 + " (id, " + c1 + ") VALUES (7, 'seven')");
        sql.execute("UPDATE " + t0 + " SET " + c1 + " = 'one' WHERE id = 1");

        String t1 = table(f.n1());
        sql.execute(
                "CREATE TABLE "
                        + t1
                        + " (id INT NOT NULL PRIMARY KEY, "
                        + c0
                        + " INT, "
                        + c3
                        + " VARCHAR(5))");
        sql.execute("INSERT INTO " + t1 + " VALUES (1, 1, 'x')");
        sql.execute("RENAME TABLE " + t1 + " TO " + table(f.n2()));
        sql.execute("INSERT INTO " + table(f.n2()) + " VALUES (2, 2, 'y')");
        sql.execute("ALTER TABLE " + table(f.n2()) + " RENAME TO " + table(f.n3()));
        sql.execute(
                "INSERT INTO "
                        + table(f.n3())
                        + " (id, "
                        + c0
                        + ", "
                        + c3
                        + ") VALUES (3, 3, 'z')");
    }

    /** DDL and rows the restored job reads from the binlog, after the schema history. */
    private static void whileStopped(Statement sql, Family f) throws SQLException {
        String t0 = table(f.n0());
        String t3 = table(f.n3());
        sql.execute(
                "ALTER TABLE " + t0 + " RENAME COLUMN " + quoted(f.n1()) + " TO " + quoted(f.n2()));
        sql.execute("UPDATE " + t0 + " SET " + quoted(f.n2()) + " = 'eins' WHERE id = 1");
        sql.execute("ALTER TABLE " + t3 + " ADD COLUMN " + quoted(f.n1()) + " INT");
        sql.execute("INSERT INTO " + t3 + " VALUES (4, 4, 'w', 44)");
    }

    /** The sink's tables once every family's changes arrived ({@link #sink}'s form). */
    private static Map<String, List<String>> expected(
            Function<Family, Map<String, List<String>>> perFamily) {
        Map<String, List<String>> expected = new TreeMap<>();
        FAMILIES.forEach(f -> expected.putAll(perFamily.apply(f)));
        return expected;
    }

    private static Map<String, List<String>> afterSnapshot(Family f) {
        return Map.of(
                f.n0(),
                concat(
                        List.of(created(f.n0(), col("id", "INT NOT NULL"), col(f.n0(), "INT"))),
                        List.of("columns: id INT NOT NULL, " + f.n0() + " INT"),
                        List.of("row: id=1, " + f.n0() + "=10")));
    }

    private static Map<String, List<String>> afterBinlog(Family f) {
        String t1 = DB + "." + f.n1();
        String t2 = DB + "." + f.n2();
        String t3 = DB + "." + f.n3();
        String created = createdByBinlog(f);
        return Map.of(
                f.n0(),
                concat(
                        binlogChanges(f),
                        List.of("columns: id INT NOT NULL, " + f.n1() + " VARCHAR(20)"),
                        rows(f.n1(), "one")),
                f.n1(),
                List.of(created, "DropTableEvent{tableId=" + t1 + "}", "dropped"),
                f.n2(),
                List.of(created.replace(t1, t2), "DropTableEvent{tableId=" + t2 + "}", "dropped"),
                f.n3(),
                List.of(
                        created.replace(t1, t3),
                        "columns: id INT NOT NULL, " + f.n0() + " INT, " + f.n3() + " VARCHAR(5)",
                        "row: id=3, " + f.n0() + "=3, " + f.n3() + "=z"));
    }

    private static Map<String, List<String>> afterRestore(Family f) {
        String t0 = DB + "." + f.n0();
        String t1 = DB + "." + f.n1();
        String t3 = DB + "." + f.n3();
        Map<String, List<String>> tables = new TreeMap<>(afterBinlog(f));
        tables.put(
                f.n0(),
                concat(
                        binlogChanges(f),
                        List.of(renamed(t0, f.n1(), f.n2())),
                        List.of("columns: id INT NOT NULL, " + f.n2() + " VARCHAR(20)"),
                        rows(f.n2(), "eins")));
        tables.put(
                f.n3(),
                List.of(
                        createdByBinlog(f).replace(t1, t3),
                        "AddColumnEvent{tableId="
                                + t3
                                + ", addedColumns=[ColumnWithPosition{column="
                                + col(f.n1(), "INT")
                                + ", position=LAST, existedColumnName=null}]}",
                        "columns: id INT NOT NULL, "
                                + f.n0()
                                + " INT, "
                                + f.n3()
                                + " VARCHAR(5), "
                                + f.n1()
                                + " INT",
                        "row: id=3, " + f.n0() + "=3, " + f.n3() + "=z, " + f.n1() + "=null",
                        "row: id=4, " + f.n0() + "=4, " + f.n3() + "=w, " + f.n1() + "=44"));
        return tables;
    }

    /**
     * The changes of table n0 through the binlog: a retype, renames and a drop, no add and drop.
     */
    private static List<String> binlogChanges(Family f) {
        String t0 = DB + "." + f.n0();
        return List.of(
                created(f.n0(), col("id", "INT NOT NULL"), col(f.n0(), "INT")),
                "AddColumnEvent{tableId="
                        + t0
                        + ", addedColumns=[ColumnWithPosition{column="
                        + col(f.n1(), "VARCHAR(10)")
                        + ", position=LAST, existedColumnName=null}]}",
                "AlterColumnTypeEvent{tableId="
                        + t0
                        + ", typeMapping={"
                        + f.n0()
                        + "=BIGINT}, oldTypeMapping={"
                        + f.n0()
                        + "=INT}}",
                renamed(t0, f.n1(), f.n2()),
                "AlterColumnTypeEvent{tableId="
                        + t0
                        + ", typeMapping={"
                        + f.n2()
                        + "=VARCHAR(20)}, oldTypeMapping={"
                        + f.n2()
                        + "=VARCHAR(10)}}",
                renamed(t0, f.n2(), f.n3()),
                renamed(t0, f.n3(), f.n1()),
                "DropColumnEvent{tableId=" + t0 + ", droppedColumnNames=[" + f.n0() + "]}");
    }

    /** The rows of table n0 at the end, its one remaining column named {@code column}. */
    private static List<String> rows(String column, String first) {
        List<String> rows = new ArrayList<>();
        List<String> values = List.of(first, "two", "three", "four", "five", "six", "seven");
        for (int i = 0; i < values.size(); i++) {
            rows.add("row: id=" + (i + 1) + ", " + column + "=" + values.get(i));
        }
        return rows;
    }

    private static String createdByBinlog(Family f) {
        return created(
                f.n1(), col("id", "INT NOT NULL"), col(f.n0(), "INT"), col(f.n3(), "VARCHAR(5)"));
    }

    @SafeVarargs
    private static List<String> concat(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> part : parts) {
            all.addAll(part);
        }
        return all;
    }

    private static String created(String table, String... columns) {
        return "CreateTableEvent{tableId="
                + DB
                + "."
                + table
                + ", schema=columns={"
                + String.join(",", columns)
                + "}, primaryKeys=id, options=()}";
    }

    private static String renamed(String table, String from, String to) {
        return "RenameColumnEvent{tableId=" + table + ", nameMapping={" + from + "=" + to + "}}";
    }

    /** A column as Flink CDC's events print it: the name in backticks, each backtick doubled. */
    private static String col(String name, String type) {
        return "`" + name.replace("`", "``") + "` " + type;
    }

    private static Map<String, List<String>> sink(String output) throws Exception {
        return ValuesTables.of(output, DB);
    }

    private static String table(String name) {
        return DB + "." + quoted(name);
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
