package dev.schemaop.benchmarks.jdbc;

import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.topology.SinkBlock;
import dev.schemaop.benchmarks.workload.WorkloadOptions;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sink block of a W5 pipeline: the probed JDBC sink of one database, with the workload (for the
 * probes) and the server's url and credentials. Every other JDBC option keeps the sink's default
 * ({@code sink.buffer-flush.max-rows} 1000, {@code sink.buffer-flush.interval} 1 s).
 */
public record JdbcSinkBlock(Endpoint endpoint) implements SinkBlock {

    @Override
    public String type() {
        return ProbedJdbcSinkFactory.IDENTIFIER;
    }

    @Override
    public Map<String, String> options(RunSpec run) {
        Map<String, String> options =
                new LinkedHashMap<>(WorkloadOptions.of(run.runId(), run.workload()));
        options.put(ProbedJdbcSinkFactory.JDBC_TYPE.key(), endpoint.database().sinkType());
        options.putAll(endpoint.sinkOptions());
        return options;
    }
}
