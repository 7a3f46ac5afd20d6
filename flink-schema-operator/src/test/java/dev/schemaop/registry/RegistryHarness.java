package dev.schemaop.registry;

import dev.schemaop.expansion.ExpansionMode;
import dev.schemaop.protocol.DrainAck;
import dev.schemaop.protocol.DrainRequest;
import dev.schemaop.protocol.FlushAck;
import dev.schemaop.protocol.SchemaChangeRequest;
import dev.schemaop.protocol.SchemaChangeResponse;
import dev.schemaop.protocol.SinkTableQuery;
import dev.schemaop.protocol.SinkTableSnapshot;
import dev.schemaop.route.RouteRule;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.util.FileUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real {@link SchemaRegistry} driven through its {@code OperatorCoordinator} methods, with a fake
 * context and one recording gateway per schema operator subtask.
 */
final class RegistryHarness implements AutoCloseable {
    static final int SINK_PARALLELISM = 2;
    static final Duration DEFAULT_RPC_TIMEOUT = Duration.ofMinutes(3);

    /** Checkpoint ids used only to wait for the event loop; far from the tests' own ids. */
    private static final AtomicLong BARRIER_IDS = new AtomicLong(1_000_000);

    final RegistryConfig config;
    final FakeCoordinatorContext context;
    final SchemaRegistry registry;
    private final Map<Integer, RecordingGateway> gateways = new HashMap<>();

    private RegistryHarness(RegistryConfig config, int sourceParallelism) {
        this.config = config;
        this.context = new FakeCoordinatorContext(sourceParallelism);
        this.registry = new SchemaRegistry(context, config);
    }

    static RegistryConfig config(
            SchemaChangeBehavior behavior,
            MetadataApplier applier,
            Duration rpcTimeout,
            List<RouteRule> routes,
            Path logDir) {
        return new RegistryConfig(
                behavior,
                false,
                EnumSet.allOf(SchemaChangeEventType.class),
                routes,
                applier,
                rpcTimeout,
                SINK_PARALLELISM,
                new AppliedLogLocation(logDir.toUri().toString(), null),
                ExpansionMode.DISABLED);
    }

    static RegistryConfig config(
            SchemaChangeBehavior behavior, MetadataApplier applier, Path logDir) {
        return config(behavior, applier, DEFAULT_RPC_TIMEOUT, List.of(), logDir);
    }

    /** A registry that is built, started, and knows the gateways of {@code sources} subtasks. */
    static RegistryHarness started(RegistryConfig config, int sources) throws Exception {
        RegistryHarness harness = new RegistryHarness(config, sources);
        harness.registry.start();
        harness.connectAll(sources);
        return harness;
    }

    /** A registry that is built but neither started nor connected (for restores). */
    static RegistryHarness created(RegistryConfig config, int sources) {
        return new RegistryHarness(config, sources);
    }

    void connectAll(int sources) {
        for (int subtask = 0; subtask < sources; subtask++) {
            RecordingGateway gateway = new RecordingGateway(subtask);
            gateways.put(subtask, gateway);
            registry.executionAttemptReady(subtask, 0, gateway);
        }
    }

    RecordingGateway gateway(int subtask) {
        return gateways.get(subtask);
    }

    void send(SchemaChangeRequest request) throws Exception {
        registry.handleEventFromOperator(request.subtask(), 0, request);
    }

    void ack(int sinkSubtask, int sourceSubtask, long flushId) throws Exception {
        registry.handleEventFromOperator(
                sinkSubtask, 0, new FlushAck(sinkSubtask, sourceSubtask, flushId));
    }

    /** Every sink subtask wrote what it held for the drain {@code request} asked for. */
    void drainAckAll(DrainRequest request) throws Exception {
        for (int sink = 0; sink < SINK_PARALLELISM; sink++) {
            registry.handleEventFromOperator(sink, 0, new DrainAck(sink, request.drainId()));
        }
    }

    void ackAll(int sourceSubtask, long flushId) throws Exception {
        for (int sink = 0; sink < SINK_PARALLELISM; sink++) {
            ack(sink, sourceSubtask, flushId);
        }
    }

    SchemaChangeResponse awaitResponse(int subtask, long requestId) throws Exception {
        return gateway(subtask).await(SchemaChangeResponse.class, r -> r.requestId() == requestId);
    }

    /**
     * Sends the request, acknowledges the subtask's marker on every sink subtask and returns the
     * answer: one change applied the normal way.
     */
    SchemaChangeResponse applyThroughFlush(SchemaChangeRequest request) throws Exception {
        send(request);
        ackAll(request.subtask(), request.flushId());
        return awaitResponse(request.subtask(), request.requestId());
    }

    /**
     * Sends a request of a change that needs no flush wait (handled before) and returns its answer.
     */
    SchemaChangeResponse awaitResponseTo(SchemaChangeRequest request) throws Exception {
        send(request);
        return awaitResponse(request.subtask(), request.requestId());
    }

    /** A sink subtask's question where a table stands, as it travels. */
    CompletableFuture<SinkTableSnapshot> queryAsync(TableId table, int fromVersion) {
        return registry.handleCoordinationRequest(new SinkTableQuery(table, fromVersion))
                .thenApply(
                        response -> {
                            try {
                                return SinkTableSnapshot.fromResponse(response);
                            } catch (java.io.IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        });
    }

    SinkTableSnapshot query(TableId table, int fromVersion) throws Exception {
        return queryAsync(table, fromVersion)
                .get(FakeCoordinatorContext.WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Returns once the event loop ran everything submitted before this call: a checkpoint is taken
     * on the loop and completes its future there. Work the applier thread hands back later is not
     * covered.
     */
    void drain() throws Exception {
        checkpoint(BARRIER_IDS.incrementAndGet());
    }

    byte[] checkpoint(long checkpointId) throws Exception {
        CompletableFuture<byte[]> result = new CompletableFuture<>();
        registry.checkpointCoordinator(checkpointId, result);
        return result.get(FakeCoordinatorContext.WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() throws Exception {
        registry.close();
    }

    /**
     * A log directory for one test, not JUnit's temp directory: an applier call a test leaves
     * hanging returns after the test, and its registry may still write its log while JUnit deletes
     * the directory, which fails the test. {@link #deleteScratch} after the test.
     */
    static Path scratchLogDir() {
        try {
            return Files.createTempDirectory("registry-test");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteScratch(Path dir) {
        FileUtils.deleteDirectoryQuietly(dir.toFile());
    }

    // ------------------------------------------------------------------ requests

    /**
     * A request of a subtask that sent rows of the table since its last marker, for a change that
     * is no truncate/drop: it sent marker {@code requestId} right before asking.
     */
    static SchemaChangeRequest request(
            int subtask,
            long requestId,
            SchemaChangeEvent change,
            int position,
            Map<TableId, Integer> knownSinkVersions) {
        // The subtask's schema after the change is left out (null): positions alone identify
        // the changes these tests replay.
        return new SchemaChangeRequest(
                subtask,
                requestId,
                change,
                requestId,
                requestId,
                0,
                position,
                null,
                knownSinkVersions);
    }
}
