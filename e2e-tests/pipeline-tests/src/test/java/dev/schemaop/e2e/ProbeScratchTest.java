package dev.schemaop.e2e;

import dev.schemaop.cli.FlinkCdcCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;

class ProbeScratchTest {
    @TempDir Path dir;
    static final StringBuilder OUT = new StringBuilder();

    String script() throws IOException {
        Path s = dir.resolve("s.yaml");
        Files.writeString(s, "events:\n  - type: create.table\n    table: db.t\n    columns:\n      - {name: id, type: INT NOT NULL}\n    primaryKeys: [id]\n");
        return s.toString();
    }
    String src() throws IOException { return "source:\n  type: values\n  script: " + script() + "\n"; }
    String sink() { return "sink:\n  type: values\n  output.path: " + dir.resolve("result.json") + "\n"; }

    void probe(String name, String yaml, String... args) throws IOException {
        PipelineRun r = PipelineRun.run(dir, yaml, args);
        log(name, r.exitCode, r.stderr, Files.exists(dir.resolve("result.json")));
    }
    void log(String name, int exit, String err, boolean result) throws IOException {
        String s = "=== " + name + " exit=" + exit + " result=" + result + " dir=" + dir + "\n" + err + "\n";
        Files.writeString(Path.of("target/probe.txt"), s, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test void syntax() throws IOException { probe("syntax", src() + sink() + "pipeline:\n  parallelism: [1\n"); }
    @Test void syntax2() throws IOException { probe("syntax2", src() + sink() + "pipeline:\n  name: \"abc\n"); }
    @Test void syntax3() throws IOException { probe("syntax3", src() + sink() + "pipeline:\n parallelism: 1\n  name: x\n"); }
    @Test void topKey() throws IOException { probe("topKey", src() + sink() + "pipelines:\n  parallelism: 1\n"); }
    @Test void pipeKey() throws IOException { probe("pipeKey", src() + sink() + "pipeline:\n  parallelism: 1\n  schema.change.behaviour: evolve\n"); }
    @Test void behavior() throws IOException { probe("behavior", src() + sink() + "pipeline:\n  schema.change.behavior: evolv\n"); }
    @Test void tag() throws IOException { probe("tag", src() + sink() + "  include.schema.changes: [add.column, add.colum]\n"); }
    @Test void tagStr() throws IOException { probe("tagStr", src() + sink() + "  include.schema.changes: add.column, add.colum\n"); }
    @Test void transform() throws IOException { probe("transform", src() + sink() + "transform:\n  - source-table: db.t\n    projection: \\*\n"); }
    @Test void noType() throws IOException { probe("noType", "source:\n  script: " + script() + "\n" + sink()); }
    @Test void sinkType() throws IOException { probe("sinkType", src() + "sink:\n  type: nosuch\n"); }
    @Test void noJar() throws IOException { probe("noJar", src() + sink(), "--jar", dir.resolve("missing.jar").toString()); }
    @Test void excludeCreate() throws IOException { probe("excludeCreate", src() + sink() + "  exclude.schema.changes: [create.table]\n"); }
    @Test void check() throws IOException { probe("check", src() + sink() + "  existing-table.schema-expansion.mode: \"CHECK\"\n"); }
    @Test void bool() throws IOException { probe("bool", src() + sink() + "  existing-table.schema-expansion.mode: true\n"); }
    @Test void boolOff() throws IOException { probe("boolOff", src() + sink() + "  existing-table.schema-expansion.mode: off\n"); }
    @Test void badConnOpt() throws IOException { probe("badConnOpt", src() + sink() + "  output.pth: x\n"); }
    @Test void badScript() throws IOException { Path s = dir.resolve("bad.yaml"); Files.writeString(s, "- type: nope\n"); probe("badScript", "source:\n  type: values\n  script: " + s + "\n" + sink()); }
    @Test void missingFile() throws IOException {
        cli("missingFile", dir.resolve("nope.yaml").toString());
    }
    @Test void unknownOpt() throws IOException { cli("unknownOpt", "--frobnicate", dir.resolve("p.yaml").toString()); }
    @Test void noArgs() throws IOException { cli("noArgs"); }
    @Test void badTarget() throws IOException { cli("badTarget", "--target", "remote", dir.resolve("p.yaml").toString()); }
    void cli(String name, String... args) throws IOException {
        PrintStream orig = System.err; ByteArrayOutputStream b = new ByteArrayOutputStream();
        int exit;
        try { System.setErr(new PrintStream(b, true, StandardCharsets.UTF_8)); exit = FlinkCdcCli.execute(args); } finally { System.setErr(orig); }
        log(name, exit, b.toString(StandardCharsets.UTF_8), false);
    }
}
