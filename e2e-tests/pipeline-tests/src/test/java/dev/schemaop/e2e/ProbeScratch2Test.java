package dev.schemaop.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.*;
import java.nio.file.*;

class ProbeScratch2Test {
    @TempDir Path dir;

    void log(String s) throws IOException {
        Files.writeString(Path.of("target/probe2.txt"), s + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test void sample() throws IOException {
        Path out = dir.resolve("out");
        String yaml = "source:\n  type: sample-source\n  rows: 10\nsink:\n  type: sample-sink\n  output.dir: " + out + "\npipeline:\n  parallelism: 1\n  schema.change.behavior: evolve\n";
        PipelineRun r = PipelineRun.run(dir, yaml, "--jar", System.getProperty("sample.connector.jar"));
        log("=== sample exit=" + r.exitCode + "\n" + r.stderr);
        try (var s = Files.list(out)) { for (Path p : (Iterable<Path>) s::iterator) log("--- " + p.getFileName() + "\n" + Files.readString(p) + "<EOF>"); }
        PipelineRun r2 = PipelineRun.run(dir, yaml);
        log("=== sample nojar exit=" + r2.exitCode + "\n" + r2.stderr);
    }

    String script() throws IOException {
        Path s = dir.resolve("script.yaml");
        Files.writeString(s, "events:\n"
            + "  - type: create.table\n    table: db.t\n    columns:\n      - {name: id, type: INT NOT NULL}\n      - {name: v, type: VARCHAR(10)}\n    primaryKeys: [id]\n"
            + "  - type: insert\n    table: db.t\n    rows:\n      - [1, a]\n      - [2, b]\n      - [3, c]\n"
            + "  - type: add.column\n    table: db.t\n    columns:\n      - {name: w, type: INT}\n"
            + "  - type: insert\n    table: db.t\n    rows:\n      - [4, d, 4]\n");
        return s.toString();
    }
    void exc(int p, int splits) throws IOException {
        String yaml = "source:\n  type: values\n  script: " + script() + "\n  splits: " + splits + "\nsink:\n  type: values\n  output.path: " + dir.resolve("result.json") + "\npipeline:\n  parallelism: " + p + "\n  schema.change.behavior: exception\n";
        PipelineRun r = PipelineRun.run(dir, yaml);
        log("=== exc p=" + p + " exit=" + r.exitCode + " hasOutput=" + r.hasOutput() + "\n" + r.stderr + "<EOS>");
        if (r.hasOutput()) { log("rows " + r.rows("db.t") + "\ncolumns " + r.columns("db.t") + "\nchanges " + r.schemaChanges()); log(Files.readString(dir.resolve("result.json"))); }
    }
    @Test void exc1() throws IOException { exc(1, 1); }
    @Test void exc3() throws IOException { exc(3, 3); }
}
