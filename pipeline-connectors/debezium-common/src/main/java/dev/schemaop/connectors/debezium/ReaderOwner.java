package dev.schemaop.connectors.debezium;

import org.apache.flink.metrics.MetricGroup;

/**
 * The Flink job and source subtask an embedded engine reads for, as Debezium's {@code
 * custom.metric.tags}: its JMX bean names then say whose they are and never meet another reader's.
 */
public record ReaderOwner(String jobId, int subtask) {
    private static final String JOB_ID_VARIABLE = "<job_id>";

    /**
     * The reader's owner as its metric group names it (a unit test's group may not know the job).
     */
    public static ReaderOwner of(MetricGroup group, int subtask) {
        return new ReaderOwner(
                group.getAllVariables().getOrDefault(JOB_ID_VARIABLE, "none"), subtask);
    }

    /**
     * Tags unique to one engine: a restarted attempt of the same subtask may start while the old
     * attempt's engine still holds its beans, so the engine's own id is among them.
     */
    public String metricTags(String engineId) {
        return "job=" + jobId + ",subtask=" + subtask + ",engine=" + engineId;
    }
}
