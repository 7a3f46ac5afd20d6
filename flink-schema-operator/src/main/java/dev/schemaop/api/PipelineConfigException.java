package dev.schemaop.api;

/**
 * A mistake in what the user gave us (YAML, options, command line). Its message alone is what the
 * user sees: it says what is wrong, where, and how to fix it (SPEC §9), so the CLI prints it
 * without a stack trace.
 */
public class PipelineConfigException extends RuntimeException {
    public PipelineConfigException(String message) {
        super(message);
    }

    public PipelineConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
