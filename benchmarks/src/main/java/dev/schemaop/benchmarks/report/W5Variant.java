package dev.schemaop.benchmarks.report;

/** The three jobs of W5 per database and parallelism. */
public enum W5Variant {
    /** The plain JDBC batched upsert loop: the practical limit. */
    LOOP("loop"),
    /** This runtime into the JDBC sink, no schema changes. */
    PIPELINE("pipeline"),
    /** This runtime into the JDBC sink, an added column every so many rows. */
    PIPELINE_WITH_CHANGES("pipeline + changes");

    private final String label;

    W5Variant(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
