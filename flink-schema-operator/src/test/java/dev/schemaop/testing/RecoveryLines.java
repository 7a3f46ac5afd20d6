package dev.schemaop.testing;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lines an embedded run prints as its job fails and restarts (cli.FailureTimeline), as
 * patterns: "Failure N of the job at HH:mm:ss in TASK: CAUSE" and "Restart N of the job at
 * HH:mm:ss, FROM".
 */
public final class RecoveryLines {
    private static final String TIME = "\\d\\d:\\d\\d:\\d\\d";

    /** Where a restart started when a checkpoint had completed. */
    public static final String FROM_A_CHECKPOINT = "from checkpoint \\d+\\.";

    /** Where a restart started when no checkpoint had completed. */
    public static final String FROM_THE_START =
            "from the start of its input \\(no checkpoint completed before the failure\\)\\.";

    private RecoveryLines() {}

    /** A failure line; {@code task} and {@code cause} are patterns. */
    public static String failure(int number, String task, String cause) {
        return "Failure " + number + " of the job at " + TIME + " in " + task + ": " + cause;
    }

    /** A restart line; {@code from} is a pattern. */
    public static String restart(int number, String from) {
        return "Restart " + number + " of the job at " + TIME + ", " + from;
    }

    /**
     * The lines of a run that failed once in its source and recovered from a checkpoint: which
     * reader meets the failing event varies, and so does the cause Flink keeps when an event of the
     * schema registry reaches the failed task first (cli.FailureMessages says so then).
     */
    public static void assertOneSourceFailureAndRestart(String stderr, int parallelism, int event) {
        assertThat(stderr.lines())
                .as("the failure and the restart, said on the console")
                .satisfiesExactly(
                        line ->
                                assertThat(line)
                                        .matches(
                                                failure(
                                                        1,
                                                        "Source: values -> SchemaOperator \\(\\d/"
                                                                + parallelism
                                                                + "\\)",
                                                        "(IllegalStateException: Injected failure"
                                                                + " of values source reader \\d at"
                                                                + " event "
                                                                + event
                                                                + " \\(option fail.at.events\\)"
                                                                + "|A task failed, .*)")),
                        line -> assertThat(line).matches(restart(1, FROM_A_CHECKPOINT)));
    }
}
