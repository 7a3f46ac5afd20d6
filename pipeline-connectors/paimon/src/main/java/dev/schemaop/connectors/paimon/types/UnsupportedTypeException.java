package dev.schemaop.connectors.paimon.types;

/** A pipeline type with no Paimon column this sink writes, or a Paimon type it cannot read. */
public final class UnsupportedTypeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnsupportedTypeException(String message) {
        super(message);
    }
}
