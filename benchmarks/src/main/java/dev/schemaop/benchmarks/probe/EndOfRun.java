package dev.schemaop.benchmarks.probe;

import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.StreamStateHandle;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Measurements taken while a finished workload's job is still alive: the heap in use after a full
 * collection, and the size of the checkpoint that holds the end state, per operator.
 */
public final class EndOfRun {
    private EndOfRun() {}

    public static void measure(RunProbe probe, String checkpointDir, long checkpointId) {
        probe.heapUsedAtEnd(heapUsedAfterGc());
        Path metadata = metadataFile(Path.of(checkpointDir), checkpointId);
        probe.checkpointSizes(sizes(metadata));
    }

    static long heapUsedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static Path metadataFile(Path checkpointDir, long checkpointId) {
        try (Stream<Path> jobs = Files.list(checkpointDir)) {
            return jobs.map(job -> job.resolve("chk-" + checkpointId).resolve("_metadata"))
                    .filter(Files::isRegularFile)
                    .findFirst()
                    .orElseThrow(
                            () ->
                                    new IllegalStateException(
                                            "No metadata of checkpoint "
                                                    + checkpointId
                                                    + " under "
                                                    + checkpointDir));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Operator id (hex) -> {coordinator state bytes, subtask state bytes}. */
    private static Map<String, long[]> sizes(Path metadata) {
        try (InputStream in = Files.newInputStream(metadata)) {
            CheckpointMetadata checkpoint =
                    Checkpoints.loadCheckpointMetadata(
                            new DataInputStream(in),
                            EndOfRun.class.getClassLoader(),
                            metadata.getParent().toString());
            Map<String, long[]> sizes = new HashMap<>();
            for (OperatorState operator : checkpoint.getOperatorStates()) {
                StreamStateHandle coordinator = operator.getCoordinatorState();
                long subtasks = 0;
                for (OperatorSubtaskState subtask : operator.getStates()) {
                    subtasks += subtask.getStateSize();
                }
                sizes.put(
                        operator.getOperatorID().toHexString(),
                        new long[] {
                            coordinator == null ? 0 : coordinator.getStateSize(), subtasks
                        });
            }
            return sizes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
