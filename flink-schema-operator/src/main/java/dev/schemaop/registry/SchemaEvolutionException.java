package dev.schemaop.registry;

/** A schema change could not be carried through to the sink; the job fails with it. */
public class SchemaEvolutionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final boolean decided;

    public SchemaEvolutionException(String message, Throwable cause) {
        this(message, cause, false);
    }

    private SchemaEvolutionException(String message, Throwable cause, boolean decided) {
        super(message, cause);
        this.decided = decided;
    }

    /**
     * A failure the registry decided on what it read, not an accident: an existing table that the
     * expansion mode does not let the job use, or one that does not hold what an expansion made of
     * it. A restart would read the same and decide the same.
     */
    static SchemaEvolutionException decided(String message) {
        return new SchemaEvolutionException(message, null, true);
    }

    /** Whether a restart would meet the same failure ({@link #decided}). */
    public boolean isDecided() {
        return decided;
    }
}
