package dev.schemaop.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * c/a, c/a' and c/b of one (workload, parallelism, behavior). At parallelism 1, a' is a: the keyed
 * exchange has only one place to send a row.
 */
public record Ratio(
        String workload,
        int parallelism,
        String behavior,
        double cOverA,
        double cOverKeyedA,
        double cOverB) {

    public String label() {
        return workload + " p" + parallelism + " " + behavior;
    }

    static List<Ratio> of(List<ConfigResult> results) {
        List<Ratio> ratios = new ArrayList<>();
        for (ConfigResult c : results) {
            if (!c.topology().equals("c")) {
                continue;
            }
            double a =
                    find(results, c, "a", null)
                            .map(ConfigResult::medianRowsPerSecond)
                            .orElse(Double.NaN);
            double keyedA =
                    c.parallelism() == 1
                            ? a
                            : find(results, c, "a'", null)
                                    .map(ConfigResult::medianRowsPerSecond)
                                    .orElse(Double.NaN);
            double b =
                    find(results, c, "b", c.behavior())
                            .map(ConfigResult::medianRowsPerSecond)
                            .orElse(Double.NaN);
            double own = c.medianRowsPerSecond();
            ratios.add(
                    new Ratio(
                            c.workload(),
                            c.parallelism(),
                            c.behavior(),
                            own / a,
                            own / keyedA,
                            own / b));
        }
        return ratios;
    }

    static Optional<ConfigResult> find(
            List<ConfigResult> results, ConfigResult like, String topology, String behavior) {
        return results.stream()
                .filter(
                        r ->
                                r.workload().equals(like.workload())
                                        && r.parallelism() == like.parallelism()
                                        && r.topology().equals(topology)
                                        && Objects.equals(r.behavior(), behavior))
                .findFirst();
    }
}
