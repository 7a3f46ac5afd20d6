package dev.schemaop.benchmarks.paimon;

import dev.schemaop.benchmarks.topology.RunSpec;
import dev.schemaop.benchmarks.topology.SinkBlock;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sink block of a W7 pipeline: the Paimon sink on a filesystem warehouse, fixed buckets; {@code
 * repartitioned}: behind a pre-write topology that repartitions by key hash (issue 25).
 */
public record PaimonSinkBlock(Path warehouse, int buckets, boolean repartitioned)
        implements SinkBlock {

    public PaimonSinkBlock(Path warehouse, int buckets) {
        this(warehouse, buckets, false);
    }

    @Override
    public String type() {
        return repartitioned ? RepartitionedPaimonSinkFactory.IDENTIFIER : "paimon";
    }

    @Override
    public Map<String, String> options(RunSpec run) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("catalog.properties.warehouse", warehouse.toUri().toString());
        options.put("table.properties.bucket", String.valueOf(buckets));
        return options;
    }
}
