package dev.schemaop.cli;

import dev.schemaop.api.Secrets;
import dev.schemaop.pipeline.definition.PipelineDefinition;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the command line prints about a failure: its message, and with {@code --verbose} its stack
 * trace, without any secret the run was given (the definition's sensitive options and secrets in
 * its urls, the sensitive {@code -D} options), whatever a connector or library put in a message.
 */
final class FailureReport {
    private final PrintStream err;
    private final boolean verbose;
    private final List<String> secrets = new ArrayList<>();

    FailureReport(PrintStream err, boolean verbose) {
        this.err = err;
        this.verbose = verbose;
    }

    /** The secrets of the run, once its definition and Flink options are read. */
    void hide(PipelineDefinition definition, Map<String, String> flinkOptions) {
        secrets.addAll(definition.secrets());
        secrets.addAll(Secrets.secretsIn(flinkOptions));
    }

    void print(String message, Throwable error) {
        err.println(Secrets.mask(message, secrets));
        if (verbose) {
            Secrets.scrub(error, secrets).printStackTrace(err);
        }
    }
}
