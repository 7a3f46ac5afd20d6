package dev.schemaop.check;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The check's output: a line per sink table, then whether a start would succeed. */
public final class CheckReport {
    /** A start would succeed as far as the connectors could tell. */
    public static final int STARTS = 0;

    /** A start would fail on at least one sink table. */
    public static final int FAILS = 1;

    private final String header;
    private final List<String> notes = new ArrayList<>();
    private final List<SinkTableVerdict> verdicts = new ArrayList<>();

    /** Whether a connector could not describe its tables: nothing is known to fail, no more. */
    private boolean undescribed;

    CheckReport(String header) {
        this.header = header;
    }

    void note(String note) {
        notes.add(note);
    }

    /** A connector that cannot describe its tables, named in the output. */
    void undescribed(String note) {
        notes.add(note);
        undescribed = true;
    }

    void add(SinkTableVerdict verdict) {
        verdicts.add(verdict);
    }

    public int exitCode() {
        return verdicts.stream().anyMatch(v -> v.verdict().failsStart()) ? FAILS : STARTS;
    }

    public void print(PrintStream out) {
        out.println(header);
        notes.forEach(out::println);
        int width = verdicts.stream().mapToInt(v -> v.sink().toString().length()).max().orElse(0);
        for (SinkTableVerdict verdict : verdicts) {
            out.printf(
                    "  %-12s  %-" + width + "s  <- %s%n",
                    verdict.verdict().label(),
                    verdict.sink(),
                    verdict.sources().stream()
                            .map(Object::toString)
                            .collect(Collectors.joining(", ")));
            for (String detail : verdict.details()) {
                out.println("      " + detail);
            }
        }
        out.println(summary());
    }

    private String summary() {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        verdicts.forEach(v -> counts.merge(v.verdict(), 1, Integer::sum));
        String tally =
                counts.entrySet().stream()
                        .map(e -> e.getValue() + " " + e.getKey().label())
                        .collect(Collectors.joining(", "));
        String tables = verdicts.size() + " sink table" + (verdicts.size() == 1 ? "" : "s");
        String counted = tables + (tally.isEmpty() ? "" : " (" + tally + ")");
        if (exitCode() == FAILS) {
            return "A start would fail: " + counted + ".";
        }
        return undescribed
                ? "Cannot tell whether a start would succeed: a connector could not describe its"
                        + " tables (above); none is known to fail: "
                        + counted
                        + "."
                : "A start would succeed: " + counted + ".";
    }
}
