package dev.schemaop.connectors.mariadb.debezium;

/** What stopped the change reader, with Debezium's cause attached. */
public final class MariaDbSourceException extends RuntimeException {
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
