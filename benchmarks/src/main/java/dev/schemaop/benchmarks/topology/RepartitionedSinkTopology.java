package dev.schemaop.benchmarks.topology;

import dev.schemaop.benchmarks.sink.CountingSinkFactory;
import dev.schemaop.benchmarks.workload.WorkloadOptions;

import java.util.HashMap;
import java.util.Map;

/**
 * (c-r) this project's runtime into the counting sink behind a pre-write topology that repartitions
 * by key hash and aligns flushes again (issue 25), against (c) into the same sink without it.
 */
public final class RepartitionedSinkTopology implements ComposedTopology {
    private final SchemaOperatorTopology composed =
            new SchemaOperatorTopology(
                    new SinkBlock() {
                        @Override
                        public String type() {
                            return CountingSinkFactory.IDENTIFIER;
                        }

                        @Override
                        public Map<String, String> options(RunSpec run) {
                            Map<String, String> options =
                                    new HashMap<>(WorkloadOptions.of(run.runId(), run.workload()));
                            options.put(CountingSinkFactory.REPARTITION.key(), "true");
                            return options;
                        }
                    });

    @Override
    public String key() {
        return "c-r";
    }

    @Override
    public String definitionText(RunSpec run) {
        return composed.definitionText(run);
    }
}
