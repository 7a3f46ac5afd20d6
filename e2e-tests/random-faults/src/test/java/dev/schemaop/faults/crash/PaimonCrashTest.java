package dev.schemaop.faults.crash;

import dev.schemaop.faults.SeedSelection;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

/**
 * Process crashes into Paimon (issue 28): {@link ProcessCrashTest}'s runs, SIGKILLs and restarts,
 * into a Paimon warehouse instead of PostgreSQL. The oracle is the warehouse: the run without
 * crashes and the crashed one must leave the same tables, columns and rows, and the same schema
 * versions (a change applied twice would be a version too many).
 *
 * <p>Seeds: {@link #CI_SEEDS}, or {@code -Dpaimon.crash.seed=N[,M..]}, or {@code
 * -Dpaimon.crash.seeds=N [-Dpaimon.crash.first=S]}.
 */
class PaimonCrashTest {
    static final long[] CI_SEEDS = {1, 2};

    private static final CrashTarget.Factory PAIMON =
            (seed, name, runDirectory) -> PaimonWarehouse.in(runDirectory);

    @TestFactory
    Stream<DynamicTest> seeds() {
        return SeedSelection.toRun(CI_SEEDS, "paimon.crash")
                .mapToObj(
                        seed ->
                                DynamicTest.dynamicTest(
                                        "seed " + seed,
                                        () ->
                                                ProcessCrashTest.reported(
                                                        seed, "paimon ", "paimon.crash", PAIMON)));
    }
}
