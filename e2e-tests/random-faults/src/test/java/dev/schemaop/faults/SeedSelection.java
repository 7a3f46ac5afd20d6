package dev.schemaop.faults;

import java.util.Arrays;
import java.util.stream.LongStream;

/**
 * Which seeds a fault test runs: by default its fixed CI seeds; {@code -Dfaults.seed=N[,M..]}:
 * those (what a failing run prints to replay it); {@code -Dfaults.seeds=N [-Dfaults.first=S]}: N
 * fresh seeds from S (default: the clock), a soak.
 */
public final class SeedSelection {
    private SeedSelection() {}

    static LongStream toRun(long[] ciSeeds) {
        return toRun(ciSeeds, "faults");
    }

    /** The same, read from {@code PREFIX.seed}, {@code PREFIX.seeds} and {@code PREFIX.first}. */
    public static LongStream toRun(long[] ciSeeds, String prefix) {
        String one = System.getProperty(prefix + ".seed", "");
        String count = System.getProperty(prefix + ".seeds", "");
        if (!one.isBlank()) {
            return Arrays.stream(one.split(",")).mapToLong(seed -> Long.parseLong(seed.strip()));
        }
        if (!count.isBlank()) {
            String first = System.getProperty(prefix + ".first", "");
            long start =
                    first.isBlank()
                            ? System.currentTimeMillis() % 1_000_000_000L
                            : Long.parseLong(first.strip());
            return LongStream.range(start, start + Long.parseLong(count.strip()));
        }
        return LongStream.of(ciSeeds);
    }
}
