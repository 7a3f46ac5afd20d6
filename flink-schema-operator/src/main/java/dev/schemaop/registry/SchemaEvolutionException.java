package dev.schemaop.registry;

/** A schema change could not be carried through to the sink; the job fails with it. */
public class SchemaEvolutionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SchemaEvolutionException(String message, Throwable cause) {
        super(message, cause);
    }
}
