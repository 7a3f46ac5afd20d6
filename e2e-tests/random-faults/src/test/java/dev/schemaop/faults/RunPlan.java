package dev.schemaop.faults;

import dev.schemaop.faults.model.ReferenceModel;
import dev.schemaop.faults.script.Op;
import dev.schemaop.faults.script.ScriptGenerator;

import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * Everything one seed decides: the script, the behavior, the parallelism and splits, the checkpoint
 * interval, whether the sink commits in two phases, and where faults strike.
 */
record RunPlan(
        long seed,
        SchemaChangeBehavior behavior,
        int parallelism,
        int splits,
        int checkpointMillis,
        boolean twoPhase,
        int applierDelayMillis,
        List<Op> script,
        ReferenceModel expected,
        List<String> sourceOptions,
        List<String> sinkOptions,
        List<String> faults,
        boolean stops,
        boolean writersCheckTables,
        boolean repartition,
        int restoreParallelism) {

    static final int STEPS = 120;

    static RunPlan of(long seed) {
        return of(seed, true);
    }

    /**
     * @param writersCheckTables false: the sink's writers check rows only against the schema they
     *     received, not against the table, and its applier goes on past DDL that does not fit (as
     *     the values sink does); failures then show as the runtime's own errors
     */
    static RunPlan of(long seed, boolean writersCheckTables) {
        Random random = new Random(seed ^ 0x5DEECE66DL);
        SchemaChangeBehavior behavior = pickBehavior(random);
        int parallelism = 1 + random.nextInt(4);
        int splits = parallelism + random.nextInt(3);
        int checkpointMillis = 40 + random.nextInt(260);
        boolean twoPhase = random.nextInt(4) == 0;
        int applierDelay = random.nextInt(3) == 0 ? 5 + random.nextInt(40) : 0;
        boolean notNull =
                behavior == SchemaChangeBehavior.EVOLVE || behavior == SchemaChangeBehavior.LENIENT;
        List<Op> script = ScriptGenerator.generate(seed, STEPS, notNull);
        ReferenceModel expected = ReferenceModel.of(behavior, script);

        long schemaOps =
                script.stream().filter(op -> !op.isRow() && !(op instanceof Op.Fence)).count();
        long rows = script.stream().filter(Op::isRow).count();
        List<Op> beforeFence = script.subList(0, script.indexOf(new Op.Fence()));
        long rowsAfterFence = rows - beforeFence.stream().filter(Op::isRow).count();
        int keysBeforeFence =
                (int) beforeFence.stream().filter(op -> op instanceof Op.Insert).count();
        long sourceEvents = splits * schemaOps + rows;
        int ddl = Math.max(1, expected.ddl().size());

        List<String> sourceOptions = new ArrayList<>();
        List<String> sinkOptions = new ArrayList<>();
        List<String> faults = new ArrayList<>();
        Set<Long> source = new TreeSet<>();
        Set<Long> applierBefore = new TreeSet<>();
        Set<Long> applierAfter = new TreeSet<>();
        Set<Long> hash = new TreeSet<>();
        Set<Long> flushBefore = new TreeSet<>();
        Set<Long> flushAfter = new TreeSet<>();
        long stopAtRow = 0;
        int faultCount = 1 + random.nextInt(3);
        if (Boolean.getBoolean("faults.off")) {
            faultCount = 0; // triage: the same run without its faults
        }
        for (int i = faultCount; i > 0; i--) {
            switch (random.nextInt(8)) {
                case 0, 1 -> source.add(1 + (long) random.nextInt((int) sourceEvents));
                case 2 -> applierBefore.add(1 + (long) random.nextInt(ddl));
                case 3 -> applierAfter.add(1 + (long) random.nextInt(ddl));
                case 4 -> hash.add(1 + (long) random.nextInt(2 + ddl));
                case 5 -> flushBefore.add(1 + (long) random.nextInt(ddl * parallelism + 2));
                case 6 -> flushAfter.add(1 + (long) random.nextInt(ddl * parallelism + 2));
                default -> {
                    if (rowsAfterFence > 0) {
                        stopAtRow = 1 + random.nextInt((int) rowsAfterFence);
                    }
                }
            }
        }
        option(sourceOptions, faults, "fail.at.events", source, "source reader at event");
        option(sinkOptions, faults, "fail.applier.before", applierBefore, "applier before call");
        option(sinkOptions, faults, "fail.applier.after", applierAfter, "applier after call");
        option(sinkOptions, faults, "fail.hash", hash, "schema operator at hash function");
        option(sinkOptions, faults, "fail.flush.before", flushBefore, "writer before flush");
        option(sinkOptions, faults, "fail.flush.after", flushAfter, "writer after flush");
        if (stopAtRow > 0) {
            // Keys above every key inserted before the fence are inserted after it.
            sinkOptions.add("stop.at.row: " + stopAtRow);
            sinkOptions.add("stop.above.key: " + keysBeforeFence);
            faults.add(
                    "whole-job stop at row "
                            + stopAtRow
                            + " after the first checkpoint, then a restart from the retained checkpoint");
        }
        if (twoPhase) {
            sinkOptions.add("two-phase: true");
        }
        if (behavior == SchemaChangeBehavior.TRY_EVOLVE) {
            sinkOptions.add("refusing: true");
        }
        if (applierDelay > 0) {
            sinkOptions.add("applier.delay.ms: " + applierDelay);
        }
        if (!writersCheckTables) {
            sinkOptions.add("writers.check.tables: false");
        }
        return new RunPlan(
                seed,
                behavior,
                parallelism,
                splits,
                checkpointMillis,
                twoPhase,
                applierDelay,
                script,
                expected,
                sourceOptions,
                sinkOptions,
                faults,
                stopAtRow > 0,
                writersCheckTables,
                false,
                parallelism);
    }

    /**
     * This plan into the checking sink behind its repartitioning pre-write topology, at {@code
     * parallelism}, always stopped once after its first checkpoint and submitted again from the
     * retained checkpoint at {@code restoreParallelism}.
     */
    RunPlan repartitioned(int parallelism, int restoreParallelism) {
        List<String> sink = new ArrayList<>(sinkOptions);
        sink.add("repartition: true");
        List<String> described = new ArrayList<>(faults);
        if (!stops) {
            List<Op> beforeFence = script.subList(0, script.indexOf(new Op.Fence()));
            long rowsAfterFence =
                    script.stream().filter(Op::isRow).count()
                            - beforeFence.stream().filter(Op::isRow).count();
            long keysBeforeFence =
                    beforeFence.stream().filter(op -> op instanceof Op.Insert).count();
            if (rowsAfterFence > 0) {
                sink.add("stop.at.row: " + (1 + rowsAfterFence / 2));
                sink.add("stop.above.key: " + keysBeforeFence);
                described.add("whole-job stop at row " + (1 + rowsAfterFence / 2));
            }
        }
        described.add(
                "repartitioning sink, restarted from the retained checkpoint at parallelism "
                        + restoreParallelism);
        return new RunPlan(
                seed,
                behavior,
                parallelism,
                Math.max(splits, Math.max(parallelism, restoreParallelism)),
                checkpointMillis,
                twoPhase,
                applierDelayMillis,
                script,
                expected,
                sourceOptions,
                sink,
                described,
                stops || sink.stream().anyMatch(o -> o.startsWith("stop.at.row")),
                writersCheckTables,
                true,
                restoreParallelism);
    }

    private static SchemaChangeBehavior pickBehavior(Random random) {
        int dice = random.nextInt(20);
        return dice < 8
                ? SchemaChangeBehavior.EVOLVE
                : dice < 13
                        ? SchemaChangeBehavior.LENIENT
                        : dice < 17 ? SchemaChangeBehavior.TRY_EVOLVE : SchemaChangeBehavior.IGNORE;
    }

    private static void option(
            List<String> options, List<String> faults, String key, Set<Long> at, String what) {
        if (at.isEmpty()) {
            return;
        }
        String list = String.join(",", at.stream().map(String::valueOf).toList());
        options.add(key + ": \"" + list + "\"");
        faults.add(what + " " + list);
    }

    /** The one command that runs this plan again. */
    String replayCommand() {
        if (repartition) {
            return "mvn -pl e2e-tests/random-faults verify -Dtest=RepartitioningSinkFaultTest"
                    + " -Dfaults.seed="
                    + seed;
        }
        return "e2e-tests/random-faults/run.sh --seed "
                + seed
                + (writersCheckTables ? "" : " --trusting-writers");
    }

    String describe() {
        return String.format(
                "seed %d: %s, parallelism %d, %d splits, checkpoints every %d ms, %s sink, DDL taking %d ms, %d steps, faults: %s",
                seed,
                behavior.name().toLowerCase(Locale.ROOT),
                parallelism,
                splits,
                checkpointMillis,
                (twoPhase ? "two-phase committing" : "at-least-once")
                        + (writersCheckTables ? "" : " trusting"),
                applierDelayMillis,
                script.size(),
                faults.isEmpty() ? "none" : String.join("; ", faults));
    }
}
