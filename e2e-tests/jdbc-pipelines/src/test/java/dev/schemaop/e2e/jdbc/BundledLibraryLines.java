package dev.schemaop.e2e.jdbc;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs one INFO and one WARN line as the JDBC connector's relocated HikariCP does, under {@code
 * dev.schemaop.connectors.jdbc.shaded}: {@link ConsoleLoggingTest} runs it with the command line's
 * logging configuration.
 */
public final class BundledLibraryLines {
    static final String LOGGER =
            "dev.schemaop.connectors.jdbc.shaded.com.zaxxer.hikari.HikariDataSource";

    private BundledLibraryLines() {}

    public static void main(String[] args) {
        Logger log = LoggerFactory.getLogger(LOGGER);
        log.info("bundled-info - Starting...");
        log.warn("bundled-warn - Failed to validate connection");
    }
}
