package dev.schemaop.e2e.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** {@code bin/flink-cdc.sh ARGS} as a process of its own, from a directory, as a user runs it. */
final class ScriptRun {
    final int exit;
    final String stdout;
    final String stderr;

    private ScriptRun(int exit, String stdout, String stderr) {
        this.exit = exit;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Runs it to its end (at most five minutes). */
    static ScriptRun run(Path home, Path workingDir, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        Started started = start(home, workingDir, env, args);
        assertThat(started.process.waitFor(5, TimeUnit.MINUTES))
                .as("bin/flink-cdc.sh %s ended", List.of(args))
                .isTrue();
        return started.result();
    }

    static Started start(Path home, Path workingDir, Map<String, String> env, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(home.resolve("bin/flink-cdc.sh").toString());
        command.addAll(List.of(args));
        Path stdout = Files.createTempFile("flink-cdc", ".out");
        Path stderr = Files.createTempFile("flink-cdc", ".err");
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .directory(workingDir.toFile())
                        .redirectOutput(stdout.toFile())
                        .redirectError(stderr.toFile());
        // a null value takes the variable away
        env.forEach(
                (name, value) -> {
                    if (value == null) {
                        builder.environment().remove(name);
                    } else {
                        builder.environment().put(name, value);
                    }
                });
        return new Started(builder.start(), stdout, stderr);
    }

    ScriptRun succeeded() {
        assertThat(exit).as("exit code; stdout:\n%s\nstderr:\n%s", stdout, stderr).isZero();
        return this;
    }

    record Started(Process process, Path stdout, Path stderr) {
        ScriptRun result() throws IOException {
            ScriptRun run =
                    new ScriptRun(
                            process.exitValue(),
                            Files.readString(stdout),
                            Files.readString(stderr));
            Files.delete(stdout);
            Files.delete(stderr);
            return run;
        }

        /** Stops a pipeline that does not end by itself. */
        ScriptRun stop() throws IOException, InterruptedException {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            if (!process.waitFor(1, TimeUnit.MINUTES)) {
                process.destroyForcibly().waitFor();
            }
            return result();
        }
    }
}
