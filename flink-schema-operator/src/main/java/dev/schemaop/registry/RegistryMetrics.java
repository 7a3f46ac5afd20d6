package dev.schemaop.registry;

import dev.schemaop.behavior.SkipReason;
import dev.schemaop.protocol.SchemaChangeRequest;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.metrics.DescriptiveStatisticsHistogram;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the registry decided, as metrics of its coordinator (on a cluster: the REST API's {@code
 * /jobs/<job>/vertices/<vertex>/jm-operator-metrics}, and the web UI): per upstream table the
 * schema changes applied as they came, converted (the sink got other changes, e.g. LENIENT's add
 * for a rename), skipped (the sink got none) and rejected (EXCEPTION); and how long each change
 * kept its subtask waiting, from the request to the answer. Used by the event loop thread only; the
 * metric system reads the counters and the histogram from its own.
 */
final class RegistryMetrics {
    enum Outcome {
        APPLIED("schemaChangesApplied"),
        CONVERTED("schemaChangesConverted"),
        SKIPPED("schemaChangesSkipped"),
        REJECTED("schemaChangesRejected");

        private final String metric;

        Outcome(String metric) {
            this.metric = metric;
        }
    }

    private static final int WAIT_SAMPLES = 1_000;

    private final MetricGroup group;
    private final Map<TableId, Map<Outcome, Counter>> counters = new HashMap<>();
    private final Histogram waitMillis;

    /** When each request in flight arrived, by subtask and request id (not the whole request). */
    private final Map<InFlight, Long> arrivals = new HashMap<>();

    private record InFlight(int subtask, long requestId) {
        static InFlight of(SchemaChangeRequest request) {
            return new InFlight(request.subtask(), request.requestId());
        }
    }

    private volatile long lastWaitMillis;

    RegistryMetrics(MetricGroup group) {
        this.group = group;
        this.waitMillis =
                group.histogram(
                        "schemaChangeWaitMs", new DescriptiveStatisticsHistogram(WAIT_SAMPLES));
        group.gauge("lastSchemaChangeWaitMs", () -> lastWaitMillis);
    }

    /** What the sinks get for {@code change}, by the plans carried out for it. */
    static Outcome outcomeOf(SchemaChangeEvent change, List<SinkPlan> sinks) {
        boolean any = false;
        boolean other = false;
        for (SinkPlan sink : sinks) {
            // a rename, drop or truncate of one of several merged tables was never the sink's
            other |= sink.skipped().stream().anyMatch(s -> s.reason() != SkipReason.SHARED_TABLE);
            for (SchemaChangeEvent event : sink.events()) {
                any = true;
                other |= event.getType() != change.getType();
            }
        }
        if (!any) {
            return Outcome.SKIPPED;
        }
        return other ? Outcome.CONVERTED : Outcome.APPLIED;
    }

    void count(TableId upstreamTable, Outcome outcome) {
        counters.computeIfAbsent(upstreamTable, table -> new HashMap<>())
                .computeIfAbsent(
                        outcome,
                        o -> group.addGroup("table", upstreamTable.toString()).counter(o.metric))
                .inc();
    }

    void requested(SchemaChangeRequest request) {
        arrivals.putIfAbsent(InFlight.of(request), System.nanoTime());
    }

    void answered(SchemaChangeRequest request) {
        Long arrival = arrivals.remove(InFlight.of(request));
        if (arrival != null) {
            long millis = (System.nanoTime() - arrival) / 1_000_000;
            waitMillis.update(millis);
            lastWaitMillis = millis;
        }
    }

    /** A subtask's failover: its requests in flight are asked again. */
    void forgetSubtask(int subtask) {
        arrivals.keySet().removeIf(request -> request.subtask() == subtask);
    }

    /** A restore: the requests in flight are asked again. */
    void reset() {
        arrivals.clear();
    }
}
