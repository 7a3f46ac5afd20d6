package dev.schemaop.faults.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.faults.SeedSelection;
import dev.schemaop.faults.script.Op;
import dev.schemaop.faults.script.ScriptGenerator;
import dev.schemaop.faults.script.ScriptYaml;
import dev.schemaop.testing.CliProcess;

import org.apache.flink.util.FileUtils;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Process crashes (issue 28): a random script of rows and schema changes (the generator of the
 * randomized fault test) through the values source into PostgreSQL (the JDBC sink), the whole
 * command line killed with SIGKILL at random moments and started again with the same command, which
 * resumes from the newest checkpoint in its checkpoint directory, until a run reaches the end. The
 * oracle is the database: the same script run once without a crash into another schema must leave
 * the same tables, columns and rows, and the server must have run the same DDL statements, each
 * once (an event trigger records them).
 *
 * <p>Seeds: {@link #CI_SEEDS}, or {@code -Dcrash.seed=N[,M..]}, or {@code -Dcrash.seeds=N
 * [-Dcrash.first=S]} (a soak; {@code run.sh --soak N}).
 */
class ProcessCrashTest {
    static final long[] CI_SEEDS = {1, 2, 3};

    /** PostgreSQL through the JDBC sink: a schema per run, the server's DDL audited. */
    private static final CrashTarget.Factory POSTGRES =
            (seed, name, runDirectory) -> PostgresSchema.fresh("e2e_crash_" + seed + "_" + name);

    private static final Path PROJECT = Path.of("").toAbsolutePath().resolve("../..").normalize();
    private static final Path RUNS = Path.of("target", "crash-runs").toAbsolutePath();
    private static final int STEPS = 120;
    private static final Duration RUN_LIMIT = Duration.ofMinutes(4);

    @TestFactory
    Stream<DynamicTest> seeds() {
        return SeedSelection.toRun(CI_SEEDS, "crash")
                .mapToObj(
                        seed ->
                                DynamicTest.dynamicTest(
                                        "seed " + seed,
                                        () -> reported(seed, "", "crash", POSTGRES)));
    }

    /**
     * The seed's run into the target, with a line PASS or FAIL for run.sh to count.
     *
     * @param label what the line says of the target ("" for PostgreSQL, the soak's)
     * @param prefix of the system properties that choose the test's seeds ({@link SeedSelection})
     */
    static void reported(long seed, String label, String prefix, CrashTarget.Factory targets)
            throws Exception {
        try {
            run(seed, label, prefix, targets);
        } catch (AssertionError | Exception e) {
            System.out.println(
                    "FAIL "
                            + label
                            + "seed "
                            + seed
                            + ": "
                            + e.getMessage().lines().findFirst().orElse(""));
            throw e;
        }
    }

    private static void run(long seed, String label, String prefix, CrashTarget.Factory targets)
            throws Exception {
        Random random = new Random(seed * 7919 + 17);
        // A real database refuses a narrowing that would change stored values, which the script
        // makes under EVOLVE: LENIENT widens instead, so every script is one the sink can take.
        String behavior = "lenient";
        int parallelism = 1 + random.nextInt(4);
        int splits = parallelism + random.nextInt(3);
        int crashes = 1 + random.nextInt(3);
        List<Op> script = ScriptGenerator.generate(seed, STEPS, true);
        Path dir = RUNS.resolve(label.replace(" ", "-") + "seed-" + seed);
        FileUtils.deleteDirectory(dir.toFile()); // an earlier run's checkpoints are not this run's
        Files.createDirectories(dir);
        Path scriptFile = dir.resolve("script.yaml");
        Files.writeString(scriptFile, ScriptYaml.write(script));
        String describe =
                "seed "
                        + seed
                        + ": "
                        + behavior
                        + ", parallelism "
                        + parallelism
                        + ", "
                        + splits
                        + " splits, "
                        + crashes
                        + " crashes (replay: -D"
                        + prefix
                        + ".seed="
                        + seed
                        + ")";
        try (CrashTarget expected = targets.fresh(seed, "reference", dir.resolve("reference"));
                CrashTarget actual = targets.fresh(seed, "crashed", dir.resolve("crashed"))) {
            Path referenceDir = dir.resolve("reference");
            long started = System.nanoTime();
            try (CliProcess once =
                    CliProcess.flinkCdc(
                            PROJECT,
                            referenceDir,
                            command(
                                    expected,
                                    referenceDir,
                                    pipeline(
                                            dir,
                                            "reference",
                                            expected,
                                            scriptFile,
                                            behavior,
                                            parallelism,
                                            splits)))) {
                assertThat(once.waitFor(RUN_LIMIT))
                        .as(
                                "%s: the run without crashes exits 0; stderr:%n%s",
                                describe, once.stderr())
                        .isZero();
            }
            long took = Duration.ofNanos(System.nanoTime() - started).toMillis();

            Path crashedDir = dir.resolve("crashed");
            List<String> command =
                    command(
                            actual,
                            crashedDir,
                            pipeline(
                                    dir,
                                    "crashed",
                                    actual,
                                    scriptFile,
                                    behavior,
                                    parallelism,
                                    splits));
            List<String> kills = new ArrayList<>();
            boolean ended = false;
            for (int crash = 1; crash <= crashes && !ended; crash++) {
                // after the JVM's start, mostly while the job runs
                long after = took * 2 / 5 + (long) (random.nextDouble() * took * 3 / 5);
                long finishedBefore = finishedJobs(crashedDir);
                try (CliProcess run = CliProcess.flinkCdc(PROJECT, crashedDir, command)) {
                    Thread.sleep(after);
                    if (run.isAlive()) {
                        run.kill();
                        kills.add("killed run " + crash + " after " + after + " ms" + resumed(run));
                        if (finishedJobs(crashedDir) > finishedBefore) {
                            // killed as it shut down: its job had reached the end, and Flink
                            // deletes a finished job's checkpoints, so a new start would begin
                            // the bounded script again
                            kills.add("its job had finished");
                            ended = true;
                        }
                    } else {
                        ended = true;
                        awaitItsEnd(run, "run " + crash + resumed(run), describe, kills);
                    }
                }
            }
            if (!ended) {
                try (CliProcess last = CliProcess.flinkCdc(PROJECT, crashedDir, command)) {
                    awaitItsEnd(last, "the last run", describe, kills);
                }
            }
            assertThat(expected.tables())
                    .as("%s: the run without crashes wrote tables", describe)
                    .isNotEmpty();
            assertThat(actual.tables())
                    .as("%s (%s): the tables, columns and rows", describe, kills)
                    .isEqualTo(expected.tables());
            assertThat(actual.doubledCommits())
                    .as("%s (%s): commits made twice", describe, kills)
                    .isEmpty();
            assertThat(actual.changes())
                    .as("%s (%s): the schema changes the sink took, each once", describe, kills)
                    .isEqualTo(expected.changes());
            System.out.println("PASS " + label + describe + ": " + kills);
        }
    }

    /** The run to its end, which must be exit 0: a run that ended by itself is the last. */
    private static void awaitItsEnd(
            CliProcess run, String which, String describe, List<String> kills) throws Exception {
        int exit = run.waitFor(RUN_LIMIT);
        kills.add(which + " ran to its end" + resumed(run));
        assertThat(exit)
                .as("%s (%s): exit code; stderr:%n%s", describe, kills, run.stderr())
                .isZero();
    }

    /** How many jobs the runs in this directory finished, by the log they share. */
    private static long finishedJobs(Path runDir) throws IOException {
        Path log = runDir.resolve("log/flink-cdc.log");
        if (!Files.exists(log)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(line -> line.contains("switched from state RUNNING to FINISHED."))
                    .count();
        }
    }

    /** ", resumed from checkpoint N" when the run said it resumed. */
    private static String resumed(CliProcess run) throws IOException {
        return run.stderr()
                .lines()
                .filter(line -> line.startsWith("Resuming from checkpoint "))
                .map(line -> ", resumed from checkpoint " + line.split(" ")[3])
                .findFirst()
                .orElse("");
    }

    private static List<String> command(CrashTarget target, Path runDir, Path pipeline) {
        List<String> command = new ArrayList<>(target.arguments());
        command.addAll(
                List.of(
                        pipeline.toString(),
                        "--no-web-ui",
                        "-D",
                        "execution.checkpointing.interval=200ms",
                        "-D",
                        "execution.checkpointing.dir=" + runDir.resolve("checkpoints").toUri(),
                        "-D",
                        "restart-strategy.type=fixed-delay",
                        "-D",
                        "restart-strategy.fixed-delay.delay=100ms"));
        return command;
    }

    private static Path pipeline(
            Path dir,
            String name,
            CrashTarget target,
            Path script,
            String behavior,
            int parallelism,
            int splits)
            throws Exception {
        Path pipeline = dir.resolve(name + ".yaml");
        Files.writeString(
                pipeline,
                "source:\n  type: values\n  script: "
                        + script
                        + "\n  splits: "
                        + splits
                        + "\n  event.delay.ms: 2\n"
                        + target.sinkAndRoute()
                        + "pipeline:\n  name: crash "
                        + name
                        + "\n  parallelism: "
                        + parallelism
                        + "\n  schema.change.behavior: "
                        + behavior
                        + "\n");
        return pipeline;
    }
}
