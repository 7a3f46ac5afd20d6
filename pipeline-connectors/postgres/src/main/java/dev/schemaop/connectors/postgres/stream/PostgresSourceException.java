package dev.schemaop.connectors.postgres.stream;

/** What stopped the change reader, with Debezium's or the driver's cause attached. */
public final class PostgresSourceException extends RuntimeException {
    public PostgresSourceException(String message) {
        super(message);
    }

    public PostgresSourceException(String message, Throwable cause) {
        super(message, cause);
    }

    /** What the reader throws for what stopped the engine: this source's own as it is. */
    static RuntimeException of(Throwable error) {
        return error instanceof RuntimeException known
                ? known
                : new PostgresSourceException(String.valueOf(error.getMessage()), error);
    }
}
