package dev.schemaop.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.testing.CliOutput;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code flink-cdc.sh check} on values -> values: the source script's tables through a route, the
 * values sink's existing tables ({@code existing.tables}), each expansion mode's verdicts printed
 * exactly, the exit code, and nothing written.
 */
class CheckCommandTest {
    @TempDir Path dir;

    /** a: missing at the sink; b: fits; c: narrower and one column short; d: another key. */
    private static final String SCRIPT =
            """
            events:
              - type: create.table
                table: db.a
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: v, type: VARCHAR(10)}
                primaryKeys: [id]
              - type: create.table
                table: db.b
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: v, type: VARCHAR(10)}
                primaryKeys: [id]
              - type: create.table
                table: db.c
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: qty, type: BIGINT}
                  - {name: note, type: VARCHAR(20)}
                primaryKeys: [id]
              - type: create.table
                table: db.d
                columns:
                  - {name: id, type: INT NOT NULL}
                  - {name: v, type: INT}
                primaryKeys: [id]
              - type: insert
                table: db.a
                rows: [[1, one]]
            """;

    private static final String EXISTING =
            """
            - table: app.b
              columns:
                - {name: id, type: INT NOT NULL}
                - {name: v, type: VARCHAR(20)}
              primaryKeys: [id]
            - table: app.c
              columns:
                - {name: id, type: INT NOT NULL}
                - {name: qty, type: INT}
              primaryKeys: [id]
            - table: app.d
              columns:
                - {name: id, type: INT NOT NULL}
                - {name: v, type: INT NOT NULL}
              primaryKeys: [v]
            """;

    @BeforeEach
    void files() throws IOException {
        Files.writeString(dir.resolve("script.yaml"), SCRIPT);
        Files.writeString(dir.resolve("existing.yaml"), EXISTING);
    }

    private CliOutput check(String mode) throws IOException {
        return checkOf(
                dir,
                "source:\n"
                        + "  type: values\n"
                        + "  script: script.yaml\n"
                        + "sink:\n"
                        + "  type: values\n"
                        + "  output.path: "
                        + dir.resolve("result.json")
                        + "\n"
                        + "  existing.tables: existing.yaml\n"
                        + "  existing-table.schema-expansion.mode: \""
                        + mode
                        + "\"\n"
                        + "route:\n"
                        + "  - source-table: db.\\.*\n"
                        + "    sink-table: app.<>\n"
                        + "    replace-symbol: <>\n"
                        + "pipeline:\n"
                        + "  name: check test\n"
                        + "  schema.change.behavior: evolve\n");
    }

    /** {@code flink-cdc.sh check} on {@code pipelineYaml}, written into the test's directory. */
    private CliOutput checkOf(Path dir, String pipelineYaml) throws IOException {
        Path pipeline = dir.resolve("pipeline.yaml");
        Files.writeString(pipeline, pipelineYaml);
        return CliOutput.of("check", pipeline.toString());
    }

    @Test
    void expandCreatesExpandsAndFailsOnAnotherKey() throws IOException {
        CliOutput run = check("EXPAND");

        assertThat(run.stdout())
                .isEqualTo(
                        """
                        Pipeline 'check test': values source -> values sink, schema.change.behavior: evolve, existing-table.schema-expansion.mode: EXPAND
                          create        app.a  <- db.a
                          compatible    app.b  <- db.b
                          expand        app.c  <- db.c
                              ALTER TABLE "app"."c" ADD COLUMN "note" VARCHAR(20);
                              ALTER TABLE "app"."c" ALTER COLUMN "qty" TYPE BIGINT;
                          incompatible  app.d  <- db.d
                              The existing sink table app.d does not hold what the pipeline sends (existing-table.schema-expansion.mode: EXPAND); 2 differences:
                                - column v: upstream INT, target INT NOT NULL: the upstream column is nullable, the table's is NOT NULL
                                - (id) vs (v): the primary keys differ
                              Suggested repair statements (review and adjust to the target system's DDL dialect):
                                ALTER TABLE "app"."d" ALTER COLUMN "v" DROP NOT NULL;
                                ALTER TABLE "app"."d" DROP PRIMARY KEY, ADD PRIMARY KEY ("id");
                        A start would fail: 4 sink tables (1 create, 1 compatible, 1 expand, 1 incompatible).
                        """);
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(dir.resolve("result.json")).as("a check writes nothing").doesNotExist();
    }

    @Test
    void tryExpandLeavesAnotherKeyToTheSinkWhereTheRowsDoNotFit() throws IOException {
        CliOutput run = check("TRY_EXPAND");

        assertThat(run.stdout())
                .contains("  incompatible  app.d  <- db.d\n")
                .contains("Not expanding the existing sink table app.d")
                .contains(
                        "      The pipeline's rows do not fit the table the sink keeps: a start"
                                + " fails at the create or at the first row that does not fit")
                .endsWith(
                        "A start would fail: 4 sink tables (1 create, 1 compatible, 1 expand,"
                                + " 1 incompatible).\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void checkNeverCreatesAndPrintsRepairStatements() throws IOException {
        CliOutput run = check("CHECK");

        assertThat(run.stdout())
                .contains(
                        "  incompatible  app.a  <- db.a\n"
                                + "      The sink has no table app.a, and"
                                + " existing-table.schema-expansion.mode CHECK never creates"
                                + " tables")
                .contains(
                        String.join(
                                "\n",
                                "  incompatible  app.c  <- db.c",
                                "      The existing sink table app.c does not hold what the"
                                        + " pipeline sends (existing-table.schema-expansion.mode:"
                                        + " CHECK); 2 differences:",
                                "        - column qty: upstream BIGINT, target INT: the table's"
                                        + " type is narrower; widening it holds both",
                                "        - column note: upstream VARCHAR(20), target (none): the"
                                        + " table has no such column",
                                "      Suggested repair statements (review and adjust to the"
                                        + " target system's DDL dialect):",
                                "        ALTER TABLE \"app\".\"c\" ADD COLUMN \"note\" VARCHAR(20);",
                                "        ALTER TABLE \"app\".\"c\" ALTER COLUMN \"qty\" TYPE BIGINT;\n"))
                .endsWith("A start would fail: 4 sink tables (1 compatible, 3 incompatible).\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void disabledSendsTheCreateToTheSinkAndSaysTheRowsWouldNotFit() throws IOException {
        CliOutput run = check("DISABLED");

        assertThat(run.stdout())
                .contains(
                        "  incompatible  app.c  <- db.c\n"
                                + "      The start sends the create to the sink, which keeps the"
                                + " table it has")
                .contains(
                        "        - column note: upstream VARCHAR(20), target (none): the table"
                                + " has no such column")
                .endsWith(
                        "A start would fail: 4 sink tables (1 create, 1 compatible, 2"
                                + " incompatible).\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void verboseShowsTheEventsBehindTheStatements() throws IOException {
        Path pipeline = dir.resolve("pipeline.yaml");
        check("EXPAND"); // writes the pipeline
        CliOutput run = CliOutput.of("check", "--verbose", pipeline.toString());

        assertThat(run.stdout())
                .contains(
                        "      ALTER TABLE \"app\".\"c\" ADD COLUMN \"note\" VARCHAR(20);\n"
                                + "        AddColumnEvent{tableId=app.c,"
                                + " addedColumns=[ColumnWithPosition{column=`note` VARCHAR(20),"
                                + " position=LAST, existedColumnName=null}]}\n");
    }

    @Test
    void badInputExitsTwoWithOneMessage() throws IOException {
        CliOutput run =
                checkOf(
                        dir,
                        "source:\n  type: values\n  script: script.yaml\nsink:\n  type: nosuch\n");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).contains("nosuch").doesNotContain("\tat ");
    }
}
