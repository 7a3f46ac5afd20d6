package dev.schemaop.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The history file of one job, {@code <dir>/<job id>.jsonl}: a JSON line per decision, appended. A
 * completed decision is written once: the registry finishes each upstream change once (after a
 * restore it replays finished ones from its applied-change log without deciding them again), and a
 * line whose sequence the file already has (a JobManager that failed between the line and the log's
 * record, and decided again) is left out. A torn last line is cut when the file is opened. Synced
 * at each checkpoint and at the end, like the applied-change log.
 */
public final class DecisionHistory implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    public static final String SUFFIX = ".jsonl";

    private final Path file;
    private final FileChannel channel;
    private long lastSequence;
    private boolean unsynced;

    private DecisionHistory(Path file, FileChannel channel, long lastSequence) {
        this.file = file;
        this.channel = channel;
        this.lastSequence = lastSequence;
    }

    public static DecisionHistory open(Path dir, String job) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(job + SUFFIX);
        FileChannel channel =
                FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
        long lastSequence = 0;
        long whole = 0;
        if (channel.size() > 0) {
            byte[] bytes = Files.readAllBytes(file);
            int start = 0;
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    String line = new String(bytes, start, i - start, StandardCharsets.UTF_8);
                    JsonNode sequence = JSON.readTree(line).path("sequence");
                    if (sequence.isNumber()) {
                        lastSequence = Math.max(lastSequence, sequence.asLong());
                    }
                    start = i + 1;
                }
            }
            whole = start;
            channel.truncate(whole); // a line cut short by a crash
        }
        channel.position(whole);
        return new DecisionHistory(file, channel, lastSequence);
    }

    public Path file() {
        return file;
    }

    /** Appends the decision, unless it is a completed one the file already has. */
    public void record(Decision decision) {
        Long sequence = decision.sequence();
        if (sequence != null && sequence <= lastSequence) {
            return;
        }
        try {
            byte[] line =
                    (JSON.writeValueAsString(decision) + "\n").getBytes(StandardCharsets.UTF_8);
            ByteBuffer buffer = ByteBuffer.wrap(line);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the schema decision history " + file, e);
        }
        if (sequence != null) {
            lastSequence = sequence;
        }
        unsynced = true;
    }

    public void sync() throws IOException {
        if (unsynced) {
            channel.force(false);
            unsynced = false;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            sync();
        } finally {
            channel.close();
        }
    }
}
