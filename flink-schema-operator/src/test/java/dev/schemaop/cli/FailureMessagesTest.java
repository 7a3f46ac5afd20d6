package dev.schemaop.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.registry.SchemaEvolutionException;

import org.apache.flink.api.common.JobID;
import org.apache.flink.runtime.JobException;
import org.apache.flink.runtime.client.JobExecutionException;
import org.apache.flink.runtime.client.JobInitializationException;
import org.apache.flink.runtime.operators.coordination.TaskNotRunningException;
import org.apache.flink.util.FlinkException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.sql.SQLException;
import java.util.concurrent.CompletionException;

class FailureMessagesTest {

    private static Throwable asFlinkReportsIt(Throwable cause) {
        return new JobExecutionException(
                new JobID(),
                "Job execution failed.",
                new JobException("Recovery is suppressed by NoRestartBackoffTimeStrategy", cause));
    }

    @Test
    void aConnectorsOwnMessageWinsOverTheDriverExceptionBelowIt() {
        Throwable failure =
                asFlinkReportsIt(
                        new IOException(
                                "mariadb sink writer 0 could not write the upsert of 1 row(s) in"
                                        + " db.t",
                                new SQLException("Column 'name' specified twice")));

        assertThat(FailureMessages.rootMessage(failure))
                .isEqualTo(
                        "IOException: mariadb sink writer 0 could not write the upsert of 1"
                                + " row(s) in db.t");
    }

    @Test
    void aFailureFlinkItselfRaisesIsNamedByItsFirstNonFlinkCause() {
        Throwable failure =
                asFlinkReportsIt(new IOException("Insufficient number of network buffers"));

        assertThat(FailureMessages.rootMessage(failure))
                .isEqualTo("IOException: Insufficient number of network buffers");
    }

    @Test
    void aFailedSchemaEvolutionIsReportedAsItsMessageAlone() {
        Throwable failure =
                asFlinkReportsIt(
                        new RuntimeException(
                                "wrapped", new SchemaEvolutionException("The sink failed", null)));

        assertThat(FailureMessages.rootMessage(failure)).isEqualTo("The sink failed");
    }

    /**
     * A coordinator's event that reached a task which had just failed: Flink fails the task with
     * that, and drops the task's own exception, which only the log has.
     */
    @Test
    void aLostEventToAFailedTaskSaysTheCauseIsInTheLog() {
        Throwable failure =
                asFlinkReportsIt(
                        new FlinkException(
                                "An OperatorEvent from an OperatorCoordinator to a task was lost.",
                                new TaskNotRunningException(
                                        "Task is not running, but in state FAILED")));

        assertThat(FailureMessages.rootMessage(failure))
                .isEqualTo(
                        "A task failed, and Flink recorded only that an event sent to it"
                                + " afterwards was lost (TaskNotRunningException); the task's own"
                                + " exception is in the log file.");
    }

    /** As a remote cluster reports a coordinator whose class only the client had. */
    @Test
    void aJobTheClusterCouldNotStartIsReportedByItsDeepestCause() {
        Throwable failure =
                new FlinkException(
                        "Failed to execute job 'p'.",
                        new RuntimeException(
                                new JobInitializationException(
                                        new JobID(),
                                        "Could not start the JobMaster.",
                                        new CompletionException(
                                                new RuntimeException(
                                                        new JobException(
                                                                "Cannot instantiate the coordinator"
                                                                        + " for operator Source",
                                                                new ClassNotFoundException(
                                                                        "dev.x.ValuesSource")))))));

        assertThat(FailureMessages.rootMessage(failure))
                .isEqualTo(
                        "The cluster could not start the job: ClassNotFoundException:"
                                + " dev.x.ValuesSource");
    }
}
