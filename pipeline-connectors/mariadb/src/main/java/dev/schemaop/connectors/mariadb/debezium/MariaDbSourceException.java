package dev.schemaop.connectors.mariadb.debezium;

/** What stopped the change reader, with Debezium's cause attached. */
public final class MariaDbSourceException extends RuntimeException {
    /** What the reader throws for what stopped a producer: this source's own as it is. */
    public static MariaDbSourceException of(Throwable error) {
        return error instanceof MariaDbSourceException known
                ? known
                : new MariaDbSourceException(error);
    }

    public MariaDbSourceException(Throwable cause) {
        super(cause.getMessage(), cause);
    }

    public MariaDbSourceException(String message) {
        super(message);
    }

    public MariaDbSourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
