package dev.schemaop.benchmarks.w6;

import dev.schemaop.benchmarks.topology.ComposedTopology;
import dev.schemaop.benchmarks.topology.RunSpec;

import java.util.LinkedHashMap;
import java.util.Map;

/** W6's and W9's topology (c): the source ({@code type}) into the W6 counting sink. */
public record W6Topology(String type, Map<String, String> source, long snapshotRows)
        implements ComposedTopology {

    @Override
    public String definitionText(RunSpec run) {
        Map<String, String> sink = new LinkedHashMap<>();
        sink.put(W6SinkFactory.RUN_ID.key(), run.runId());
        sink.put(W6SinkFactory.SNAPSHOT_ROWS.key(), Long.toString(snapshotRows));
        StringBuilder yaml = new StringBuilder();
        yaml.append("source:\n  type: ").append(type).append('\n');
        ComposedTopology.block(yaml, source);
        yaml.append("sink:\n  type: ").append(W6SinkFactory.IDENTIFIER).append('\n');
        ComposedTopology.block(yaml, sink);
        ComposedTopology.pipelineBlock(yaml, run);
        return yaml.toString();
    }
}
