package dev.schemaop.connectors.jdbc.testutil;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.WriterAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.layout.PatternLayout;

import java.io.StringWriter;

/**
 * Captures every log line (with stack traces) of the loggers the test configuration enables, from
 * {@link #start()} to {@link #close()}.
 */
public final class LogCapture implements AutoCloseable {
    private final StringWriter text = new StringWriter();
    private final WriterAppender appender;
    private final LoggerContext context;

    private LogCapture() {
        context = (LoggerContext) LogManager.getContext(false);
        appender =
                WriterAppender.newBuilder()
                        .setName("capture-" + System.nanoTime())
                        .setTarget(text)
                        .setLayout(
                                PatternLayout.newBuilder()
                                        .withPattern("%-5p %c - %m%n%throwable")
                                        .build())
                        .build();
        appender.start();
        Configuration config = context.getConfiguration();
        for (LoggerConfig logger : config.getLoggers().values()) {
            logger.addAppender(appender, Level.ALL, null);
        }
        config.getRootLogger().addAppender(appender, Level.ALL, null);
        context.updateLoggers();
    }

    public static LogCapture start() {
        return new LogCapture();
    }

    public String text() {
        return text.toString();
    }

    @Override
    public void close() {
        Configuration config = context.getConfiguration();
        for (LoggerConfig logger : config.getLoggers().values()) {
            logger.removeAppender(appender.getName());
        }
        config.getRootLogger().removeAppender(appender.getName());
        context.updateLoggers();
        appender.stop();
    }
}
