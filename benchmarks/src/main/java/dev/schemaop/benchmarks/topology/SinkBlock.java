package dev.schemaop.benchmarks.topology;

import dev.schemaop.benchmarks.sink.CountingSinkFactory;
import dev.schemaop.benchmarks.workload.WorkloadOptions;

import java.util.Map;

/** The sink block of the pipeline definition topology (c) composes for a run. */
public interface SinkBlock {
    String type();

    Map<String, String> options(RunSpec run);

    /** The counting sink of W1 to W4. */
    static SinkBlock counting() {
        return new SinkBlock() {
            @Override
            public String type() {
                return CountingSinkFactory.IDENTIFIER;
            }

            @Override
            public Map<String, String> options(RunSpec run) {
                return WorkloadOptions.of(run.runId(), run.workload());
            }
        };
    }
}
