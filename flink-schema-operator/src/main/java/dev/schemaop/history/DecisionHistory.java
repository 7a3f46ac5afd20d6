package dev.schemaop.history;

import com.fasterxml.jackson.core.JsonProcessingException;
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
 * record, and decided again) is left out. A torn last line is cut when the file is opened, a line
 * that is not JSON passed over. The registry syncs it at each checkpoint, at the end, and with the
 * applied-change log when that is in checkpoint storage.
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
                    lastSequence = Math.max(lastSequence, sequenceOf(line));
                    start = i + 1;
                }
            }
            whole = start;
            channel.truncate(whole); // a line cut short by a crash
        }
        channel.position(whole);
        return new DecisionHistory(file, channel, lastSequence);
    }

    /** A line's sequence; 0 for none, or for a line that is not JSON (a write cut short). */
    private static long sequenceOf(String line) {
        try {
            JsonNode sequence = JSON.readTree(line).path("sequence");
            return sequence.isNumber() ? sequence.asLong() : 0;
        } catch (JsonProcessingException cut) {
            return 0;
        }
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
        long end = -1;
        try {
            end = channel.position();
            byte[] line =
                    (JSON.writeValueAsString(decision) + "\n").getBytes(StandardCharsets.UTF_8);
            ByteBuffer buffer = ByteBuffer.wrap(line);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            cutBackTo(end); // no part of a line for the next one to be glued to
            throw new UncheckedIOException("Cannot write the schema decision history " + file, e);
        }
        if (sequence != null) {
            lastSequence = sequence;
        }
        unsynced = true;
    }

    private void cutBackTo(long end) {
        if (end < 0) {
            return;
        }
        try {
            channel.truncate(end);
            channel.position(end);
        } catch (IOException ignored) {
            // the file is opened again at the next start, and a torn last line is cut then
        }
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
