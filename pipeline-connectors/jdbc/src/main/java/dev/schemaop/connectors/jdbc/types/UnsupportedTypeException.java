package dev.schemaop.connectors.jdbc.types;

/** A Flink CDC type the dialect cannot store. */
public class UnsupportedTypeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnsupportedTypeException(String message) {
        super(message);
    }
}
