package dev.schemaop.registry;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;
import dev.schemaop.codec.VersionedState;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The registry's durable record of what reached the sink since the last checkpoint (SPEC G6). A
 * change applied after the last completed checkpoint is asked for again after a restore; this log
 * is how the registry knows the sink already has it, down to each single {@code MetadataApplier}
 * call of a change that was cut short.
 *
 * <p>The file starts with a header (a magic number and the format version), then length-prefixed
 * records: a change's intent (before its first applier call), one applier call, or a completed
 * change ({@link LogRecordCodec}). Records up to the sequence of a completed checkpoint are dropped
 * when it completes; a compacted file starts with the highest change dropped (version 3), so that a
 * restore of an older state knows the log does not continue it. Only the event loop thread uses it.
 * A torn last record (the process died while writing it) is ignored.
 */
final class AppliedChangeLog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AppliedChangeLog.class);
    private static final byte COMPLETED = 1;
    private static final byte CALL = 2;
    private static final byte INTENT = 3;
    private static final byte COMPACTED = 4;

    /** The file starts with these two ints: "SCHL" and the format version. */
    private static final int MAGIC = 0x5343484C;

    private static final int VERSION = 3;

    /** Version 2 had no compaction record; it is read as a log never compacted. */
    private static final int PREVIOUS_VERSION = 2;

    private static final int HEADER_LENGTH = 8;
    private static final String FILE_NAME = "applied-changes.log";

    private final Path dir;
    private final Path file;
    private FileChannel channel;
    private final List<CompletedChange> completed = new ArrayList<>();
    private final List<AppliedCall> calls = new ArrayList<>();
    private final List<ChangeIntent> intents = new ArrayList<>();

    /** The highest completed change compaction dropped: the log no longer holds it. */
    private long compactedUpTo;

    /**
     * One applier call that returned successfully, identified by the upstream change it belongs to
     * (table and position, stable across restores) and where it sits in its plan.
     */
    record AppliedCall(
            TableId upstreamTable,
            int position,
            TableId sink,
            int baseVersion,
            int index,
            SchemaChangeEvent event) {

        boolean belongsTo(TableId table, int changePosition) {
            return upstreamTable.equals(table) && position == changePosition;
        }
    }

    /**
     * @param fresh a job that starts without a checkpoint: whatever an earlier run left is deleted
     *     unread
     */
    AppliedChangeLog(Path dir, boolean fresh) {
        this.dir = dir;
        this.file = dir.resolve(FILE_NAME);
        try {
            Files.createDirectories(dir);
            if (fresh) {
                Files.deleteIfExists(file);
            }
            long complete = Files.exists(file) ? read() : 0;
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            // A record torn by a crash is cut off, so that new records follow whole ones.
            channel.truncate(complete);
            channel.position(complete);
            if (complete == 0) {
                writeHeader();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the schema registry's log " + file, e);
        }
    }

    Path directory() {
        return dir;
    }

    /**
     * Starts the log of a run restored from another run's checkpoint with what that run logged, so
     * that the two runs never write one file. Only once: after that, this run's log holds the
     * earlier one's records and its own. Without the earlier run's log, changes it applied after
     * the checkpoint may reach the sink again: said as a WARN.
     */
    static void continueFrom(Path earlierRun, Path thisRun) {
        Path earlier = earlierRun.resolve(FILE_NAME);
        if (Files.exists(thisRun.resolve(FILE_NAME))) {
            return;
        }
        if (!Files.exists(earlier)) {
            LOG.warn(
                    "The restored checkpoint was taken by a run whose schema registry log {} is"
                            + " gone. Changes that run applied after the checkpoint may reach the"
                            + " sink again.",
                    earlier);
            return;
        }
        try {
            Files.createDirectories(thisRun);
            Files.copy(earlier, thisRun.resolve(FILE_NAME), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot copy the schema registry's log " + earlier + " into " + thisRun, e);
        }
    }

    /**
     * Brings a restored state up to what the sink really has; returns the change that was cut short
     * right after it (intended, maybe partly applied, not completed), if any.
     */
    @Nullable
    ChangeIntent replayOnto(RegistryState state) {
        if (!continues(state)) {
            // An older savepoint: the log no longer holds the changes right after it.
            LOG.warn(
                    "The schema registry's log {} does not continue the restored state (change {});"
                            + " it is not used. Changes applied after that state may reach the"
                            + " sink again.",
                    file,
                    state.lastSequence);
            return null;
        }
        for (CompletedChange change : completed) {
            if (change.sequence() > state.lastSequence) {
                LOG.info(
                        "Change {} of {} reached the sink after the restored checkpoint; it is "
                                + "not applied again.",
                        change.sequence(),
                        change.upstreamTable());
                change.applyTo(state);
            }
        }
        for (ChangeIntent intent : intents) {
            if (intent.sequence() == state.lastSequence + 1) {
                return intent;
            }
        }
        return null;
    }

    /**
     * Whether the log holds every change that completed after the restored state: none was dropped
     * by a compaction after it (an older savepoint), and the first it holds follows it.
     */
    boolean continues(RegistryState state) {
        if (state.lastSequence < compactedUpTo) {
            return false;
        }
        long next = state.lastSequence + 1;
        return completed.stream().noneMatch(c -> c.sequence() > state.lastSequence)
                || completed.stream().anyMatch(c -> c.sequence() == next);
    }

    /** Whether this call, at this place of its change's plan, reached the sink before a failure. */
    boolean alreadyApplied(AppliedCall call) {
        return calls.contains(call);
    }

    void appendCall(AppliedCall call) {
        calls.add(call);
        append(CALL, writer -> LogRecordCodec.writeCall(writer, call));
    }

    void appendIntent(ChangeIntent intent) {
        intents.add(intent);
        append(INTENT, writer -> LogRecordCodec.writeIntent(writer, intent));
    }

    void appendCompleted(CompletedChange change) {
        completed.add(change);
        forgetIntentOf(change);
        append(COMPLETED, writer -> LogRecordCodec.writeCompleted(writer, change));
    }

    /** Drops what a completed checkpoint holds anyway. */
    void truncateUpTo(long sequence) {
        if (completed.stream().noneMatch(c -> c.sequence() <= sequence)) {
            return;
        }
        // Intents and calls of changes that did not complete stay: a restore still needs them.
        completed.stream()
                .mapToLong(CompletedChange::sequence)
                .filter(dropped -> dropped <= sequence)
                .max()
                .ifPresent(dropped -> compactedUpTo = Math.max(compactedUpTo, dropped));
        completed.removeIf(c -> c.sequence() <= sequence);
        intents.removeIf(i -> i.sequence() <= sequence);
        try {
            channel.close();
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.deleteIfExists(tmp);
            channel = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            writeHeader();
            append(COMPACTED, writer -> writer.out().writeLong(compactedUpTo));
            List<CompletedChange> keep = new ArrayList<>(completed);
            List<AppliedCall> keepCalls = new ArrayList<>(calls);
            List<ChangeIntent> keepIntents = new ArrayList<>(intents);
            completed.clear();
            calls.clear();
            intents.clear();
            keep.forEach(this::appendCompleted);
            keepIntents.forEach(this::appendIntent);
            keepCalls.forEach(this::appendCall);
            channel.close();
            Files.move(
                    tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot compact the schema registry's log " + file, e);
        }
    }

    /** One length-prefixed record: its kind, then its fields. */
    private void append(byte kind, VersionedState.Part fields) {
        DataOutputSerializer record = new DataOutputSerializer(512);
        try {
            record.writeByte(kind);
            fields.write(new DataWriter(record));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ByteBuffer buffer = ByteBuffer.allocate(4 + record.length());
        buffer.putInt(record.length());
        buffer.put(record.getSharedBuffer(), 0, record.length());
        write(buffer.flip());
    }

    private void writeHeader() {
        write(ByteBuffer.allocate(HEADER_LENGTH).putInt(MAGIC).putInt(VERSION).flip());
    }

    private void write(ByteBuffer buffer) {
        try {
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the schema registry's log " + file, e);
        }
    }

    /**
     * Reads every whole record; returns the length of the file's header and whole records. A file
     * without the header is of version 1 (before the header), whose records are the same.
     */
    private long read() throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        if (bytes.length >= HEADER_LENGTH && buffer.getInt(0) == MAGIC) {
            int version = buffer.getInt(4);
            if (version != VERSION && version != PREVIOUS_VERSION) {
                throw new IOException(
                        "Unknown version "
                                + version
                                + " of the schema registry's log "
                                + file
                                + "; this build reads version "
                                + VERSION
                                + ". Delete the file or start with the build that wrote it.");
            }
            buffer.position(HEADER_LENGTH);
        }
        long complete = buffer.position();
        while (buffer.remaining() >= 4) {
            int length = buffer.getInt();
            if (length < 0 || length > buffer.remaining()) {
                LOG.warn("Ignoring a torn last record in {}", file);
                break;
            }
            DataInputDeserializer in = new DataInputDeserializer(bytes, buffer.position(), length);
            buffer.position(buffer.position() + length);
            byte kind = in.readByte();
            DataReader reader = new DataReader(in);
            if (kind == COMPLETED) {
                CompletedChange change = LogRecordCodec.readCompleted(reader);
                completed.add(change);
                forgetIntentOf(change);
            } else if (kind == INTENT) {
                intents.add(LogRecordCodec.readIntent(reader));
            } else if (kind == CALL) {
                calls.add(LogRecordCodec.readCall(reader));
            } else if (kind == COMPACTED) {
                compactedUpTo = Math.max(compactedUpTo, reader.in().readLong());
            } else {
                throw new IOException("Unknown record kind " + kind + " in " + file);
            }
            complete = buffer.position();
        }
        if (buffer.remaining() > 0 && buffer.remaining() < 4) {
            LOG.warn("Ignoring a torn last record in {}", file);
        }
        return complete;
    }

    private void forgetIntentOf(CompletedChange change) {
        intents.removeIf(intent -> intent.sequence() == change.sequence());
        calls.removeIf(
                call -> call.belongsTo(change.upstreamTable(), change.upstream().position()));
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
