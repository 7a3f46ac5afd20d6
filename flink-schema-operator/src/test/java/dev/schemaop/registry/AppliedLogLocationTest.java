package dev.schemaop.registry;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.JobID;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.junit.jupiter.api.Test;

class AppliedLogLocationTest {
    private static final JobID JOB = new JobID();
    private static final OperatorID REGISTRY = new OperatorID();

    private static Path directory(AppliedLogLocation location, JobID job, OperatorID operator) {
        return location.directoryFor(new FakeCoordinatorContext(1, job, operator)).path();
    }

    @Test
    void theLogLivesInTheJobsCheckpointStorageUnderItsJobAndOperator() {
        AppliedLogLocation location = new AppliedLogLocation("s3://bucket/checkpoints", "/scratch");

        assertThat(directory(location, JOB, REGISTRY))
                .isEqualTo(
                        new Path(
                                "s3://bucket/checkpoints/schema-registry/"
                                        + JOB
                                        + "/"
                                        + REGISTRY.toHexString()));
    }

    @Test
    void onlyALogInCheckpointStorageIsSyncedToTheDisk() {
        FakeCoordinatorContext context = new FakeCoordinatorContext(1, JOB, REGISTRY);

        assertThat(
                        new AppliedLogLocation("file:///checkpoints", null)
                                .directoryFor(context)
                                .synced())
                .isTrue();
        assertThat(new AppliedLogLocation(null, "/scratch").directoryFor(context).synced())
                .as("an embedded run without a checkpoint directory: its checkpoints die with it")
                .isFalse();
    }

    @Test
    void aJobManagerFailoverOfOneJobFindsTheSameLogAndAnotherRunNeverShares() {
        AppliedLogLocation location = new AppliedLogLocation("file:///checkpoints", null);

        assertThat(directory(location, JOB, REGISTRY))
                .isEqualTo(directory(location, JOB, REGISTRY));
        assertThat(directory(location, new JobID(), REGISTRY))
                .isNotEqualTo(directory(location, JOB, REGISTRY));
    }

    @Test
    void onAClusterWithoutACheckpointDirectoryTheLogFallsBackToTheTempDirectory() {
        AppliedLogLocation location = new AppliedLogLocation(null, null);

        assertThat(directory(location, JOB, REGISTRY))
                .isEqualTo(
                        new Path(
                                System.getProperty("java.io.tmpdir")
                                        + "/flink-schema-operator/applied-changes/"
                                        + JOB
                                        + "/"
                                        + REGISTRY.toHexString()));
    }

    @Test
    void anEmbeddedRunWithoutACheckpointDirectoryLogsInItsScratchDirectory() {
        AppliedLogLocation location = new AppliedLogLocation(null, "/scratch/run-1");

        assertThat(directory(location, JOB, REGISTRY))
                .isEqualTo(
                        new Path(
                                "/scratch/run-1/applied-changes/"
                                        + JOB
                                        + "/"
                                        + REGISTRY.toHexString()));
    }
}
