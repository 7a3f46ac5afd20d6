package dev.schemaop.faults;

import java.util.Arrays;
import java.util.stream.LongStream;

/**
 * Which seeds a fault test runs: by default its fixed CI seeds; {@code -Dfaults.seed=N[,M..]}:
 * those (what a failing run prints to replay it); {@code -Dfaults.seeds=N [-Dfaults.first=S]}: N
 * fresh seeds from S (default: the clock), a soak.
 */
final class SeedSelection {
    private SeedSelection() {}

    static LongStream toRun(long[] ciSeeds) {
        String one = System.getProperty("faults.seed", "");
        String count = System.getProperty("faults.seeds", "");
        if (!one.isBlank()) {
            return Arrays.stream(one.split(",")).mapToLong(seed -> Long.parseLong(seed.strip()));
        }
        if (!count.isBlank()) {
            String first = System.getProperty("faults.first", "");
            long start =
                    first.isBlank()
                            ? System.currentTimeMillis() % 1_000_000_000L
                            : Long.parseLong(first.strip());
            return LongStream.range(start, start + Long.parseLong(count.strip()));
        }
        return LongStream.of(ciSeeds);
    }
}
