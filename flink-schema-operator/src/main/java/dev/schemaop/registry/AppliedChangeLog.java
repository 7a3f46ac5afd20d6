package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.runtime.serializer.TableIdSerializer;
import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;
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
 * The registry's durable record of what reached the sink since the last checkpoint (SPEC
 * G6). A change applied after the last completed checkpoint is asked for again after a
 * restore; this log is how the registry knows the sink already has it, down to each single
 * {@code MetadataApplier} call of a change that was cut short.
 *
 * <p>Records are length-prefixed: a change's intent (before its first applier call), one
 * applier call, or a completed change. Records up to the sequence of a completed checkpoint are
 * dropped when it completes. Only the event loop
 * thread uses it. A torn last record (the process died while writing it) is ignored.
 */
final class AppliedChangeLog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AppliedChangeLog.class);
    private static final byte COMPLETED = 1;
    private static final byte CALL = 2;
    private static final byte INTENT = 3;

    private final Path dir;
    private final Path file;
    private FileChannel channel;
    private final List<CompletedChange> completed = new ArrayList<>();
    private final List<AppliedCall> calls = new ArrayList<>();
    private final List<ChangeIntent> intents = new ArrayList<>();

    /**
     * One applier call that returned successfully, identified by the upstream change it
     * belongs to (table and position, stable across restores) and where it sits in its plan.
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
     * @param fresh a job that starts without a checkpoint: whatever an earlier run left is
     *     deleted unread
     */
    AppliedChangeLog(Path dir, boolean fresh) {
        this.dir = dir;
        this.file = dir.resolve("applied-changes.log");
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
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the schema registry's log " + file, e);
        }
    }

    Path directory() {
        return dir;
    }

    /**
     * Brings a restored state up to what the sink really has; returns the change that was cut
     * short right after it (intended, maybe partly applied, not completed), if any.
     */
    @Nullable
    ChangeIntent replayOnto(RegistryState state) {
        long next = state.lastSequence + 1;
        boolean contiguous =
                completed.stream().noneMatch(c -> c.sequence() > state.lastSequence)
                        || completed.stream().anyMatch(c -> c.sequence() == next);
        if (!contiguous) {
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

    /** Whether the call at this place of a plan already reached the sink before a failure. */
    boolean alreadyApplied(
            TableId upstreamTable,
            int position,
            TableId sink,
            int baseVersion,
            int index,
            SchemaChangeEvent event) {
        for (AppliedCall call : calls) {
            if (call.belongsTo(upstreamTable, position)
                    && call.sink().equals(sink)
                    && call.baseVersion() == baseVersion
                    && call.index() == index
                    && call.event().equals(event)) {
                return true;
            }
        }
        return false;
    }

    void appendCall(AppliedCall call) {
        calls.add(call);
        DataOutputSerializer out = new DataOutputSerializer(256);
        try {
            out.writeByte(CALL);
            TableIdSerializer.INSTANCE.serialize(call.upstreamTable(), out);
            out.writeInt(call.position());
            TableIdSerializer.INSTANCE.serialize(call.sink(), out);
            out.writeInt(call.baseVersion());
            out.writeInt(call.index());
            EventSerializer.INSTANCE.serialize(call.event(), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        write(out);
    }

    void appendIntent(ChangeIntent intent) {
        intents.add(intent);
        DataOutputSerializer out = new DataOutputSerializer(512);
        try {
            out.writeByte(INTENT);
            RegistryStateSerializer.writeIntent(intent, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        write(out);
    }

    void appendCompleted(CompletedChange change) {
        completed.add(change);
        forgetIntentOf(change);
        DataOutputSerializer out = new DataOutputSerializer(512);
        try {
            out.writeByte(COMPLETED);
            RegistryStateSerializer.writeCompleted(change, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        write(out);
    }

    /** Drops what a completed checkpoint holds anyway. */
    void truncateUpTo(long sequence) {
        if (completed.stream().noneMatch(c -> c.sequence() <= sequence)) {
            return;
        }
        // Intents and calls of changes that did not complete stay: a restore still needs them.
        completed.removeIf(c -> c.sequence() <= sequence);
        intents.removeIf(i -> i.sequence() <= sequence);
        try {
            channel.close();
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.deleteIfExists(tmp);
            channel = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
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
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot compact the schema registry's log " + file, e);
        }
    }

    private void write(DataOutputSerializer record) {
        ByteBuffer buffer = ByteBuffer.allocate(4 + record.length());
        buffer.putInt(record.length());
        buffer.put(record.getSharedBuffer(), 0, record.length());
        buffer.flip();
        try {
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the schema registry's log " + file, e);
        }
    }

    /** Reads every whole record; returns the length of the file's whole records. */
    private long read() throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        long complete = 0;
        while (buffer.remaining() >= 4) {
            int length = buffer.getInt();
            if (length < 0 || length > buffer.remaining()) {
                LOG.warn("Ignoring a torn last record in {}", file);
                break;
            }
            DataInputDeserializer in = new DataInputDeserializer(bytes, buffer.position(), length);
            buffer.position(buffer.position() + length);
            byte kind = in.readByte();
            if (kind == COMPLETED) {
                CompletedChange change = RegistryStateSerializer.readCompleted(in);
                completed.add(change);
                forgetIntentOf(change);
            } else if (kind == INTENT) {
                intents.add(RegistryStateSerializer.readIntent(in));
            } else if (kind == CALL) {
                calls.add(
                        new AppliedCall(
                                TableIdSerializer.INSTANCE.deserialize(in),
                                in.readInt(),
                                TableIdSerializer.INSTANCE.deserialize(in),
                                in.readInt(),
                                in.readInt(),
                                (SchemaChangeEvent) EventSerializer.INSTANCE.deserialize(in)));
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
        calls.removeIf(call -> call.belongsTo(change.upstreamTable(), change.position()));
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
