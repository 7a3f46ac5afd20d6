package dev.schemaop.registry;

import dev.schemaop.codec.DataReader;
import dev.schemaop.codec.DataWriter;
import dev.schemaop.codec.VersionedState;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The registry's durable record of what reached the sink since the last checkpoint (SPEC G6). A
 * change applied after the last completed checkpoint is asked for again after a restore; this log
 * is how the registry knows the sink already has it, down to each single {@code MetadataApplier}
 * call of a change that was cut short.
 *
 * <p>The log is a list of records: a change's intent (before its first applier call), one applier
 * call, or a completed change ({@link LogRecordCodec}), each a checksummed segment of a {@link
 * LogStorage} on any Flink file system, so that the log can live in the job's checkpoint storage
 * and outlive the JobManager. Whatever was logged is synced before the applier is called ({@link
 * #syncBeforeApplierCall}): a change's intent before its first call, each call before the next.
 * Records up to the sequence of a completed checkpoint are dropped when it completes: the remaining
 * log is written anew, starting with the highest change dropped, so that a restore of an older
 * state knows the log does not continue it. Only the event loop thread uses it.
 */
final class AppliedChangeLog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AppliedChangeLog.class);
    private static final byte COMPLETED = 1;
    private static final byte CALL = 2;
    private static final byte INTENT = 3;
    private static final byte COMPACTED = 4;

    /** The single-file log of earlier builds starts with these two ints: "SCHL" and its version. */
    private static final int SINGLE_FILE_MAGIC = 0x5343484C;

    private static final int SINGLE_FILE_VERSION = 3;

    /** Version 2 had no compaction record; it is read as a log never compacted. */
    private static final int SINGLE_FILE_PREVIOUS_VERSION = 2;

    private static final int SINGLE_FILE_HEADER_LENGTH = 8;

    private final LogStorage storage;
    private final List<CompletedChange> completed = new ArrayList<>();
    private final List<AppliedCall> calls = new ArrayList<>();
    private final List<ChangeIntent> intents = new ArrayList<>();

    /**
     * A write or sync failed: what the storage holds is no longer known (a part written, a sync
     * that failed may not fail again), so the registry opens the log anew, from the storage.
     */
    private boolean broken;

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
    AppliedChangeLog(AppliedLogLocation.Directory dir, boolean fresh) {
        this(storageAt(dir), fresh);
    }

    AppliedChangeLog(LogStorage storage, boolean fresh) {
        this(storage, fresh, true);
    }

    /**
     * @param forWriting false: the log as it is, for reading only (a torn end stays)
     */
    private AppliedChangeLog(LogStorage storage, boolean fresh, boolean forWriting) {
        this.storage = storage;
        try {
            if (fresh) {
                storage.deleteAll();
            }
            readFrom(storage, forWriting);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot open the schema registry's log " + storage.directory(), e);
        }
    }

    private static LogStorage storageAt(AppliedLogLocation.Directory dir) {
        try {
            return LogStorage.at(dir.path(), dir.synced());
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot reach the schema registry's log " + dir.path(), e);
        }
    }

    Path directory() {
        return storage.directory();
    }

    boolean isBroken() {
        return broken;
    }

    /**
     * Starts the log of a run restored from another run's checkpoint with what that run logged, so
     * that the two runs never write one log. Only once: after that, this run's log holds the
     * earlier one's records and its own. Without the earlier run's log, changes it applied after
     * the checkpoint may reach the sink again: said as a WARN.
     */
    static void continueFrom(Path earlierRun, Path thisRun) {
        try (LogStorage own = LogStorage.at(thisRun, true)) {
            // Present only when whole: a copy a crash cut short is made again.
            if (own.singleFileLog() != null || !own.read(false).isEmpty()) {
                return;
            }
            LogStorage earlier = reachable(earlierRun);
            if (earlier == null || !earlier.exists()) {
                LOG.warn(
                        "The restored checkpoint was taken by a run whose schema registry log {}"
                                + " is gone. Changes that run applied after the checkpoint may"
                                + " reach the sink again.",
                        earlierRun);
                return;
            }
            try (earlier) {
                new AppliedChangeLog(earlier, false, false).writeWholeInto(own);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot copy the schema registry's log " + earlierRun + " into " + thisRun, e);
        }
    }

    /** The earlier run's log storage; null when its file system is not reachable from here. */
    @Nullable
    private static LogStorage reachable(Path earlierRun) {
        try {
            LogStorage earlier = LogStorage.at(earlierRun, false);
            earlier.exists();
            return earlier;
        } catch (IOException e) {
            LOG.warn(
                    "The schema registry's log {} cannot be reached: {}", earlierRun, e.toString());
            return null;
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
                    directory(),
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
            writeWholeInto(storage);
        } catch (IOException e) {
            broken = true;
            throw new UncheckedIOException(
                    "Cannot compact the schema registry's log " + directory(), e);
        }
    }

    /** The whole log as one segment that replaces what {@code target} held. */
    private void writeWholeInto(LogStorage target) throws IOException {
        DataOutputSerializer body = new DataOutputSerializer(1024);
        record(body, COMPACTED, writer -> writer.out().writeLong(compactedUpTo));
        for (CompletedChange change : completed) {
            record(body, COMPLETED, writer -> LogRecordCodec.writeCompleted(writer, change));
        }
        for (ChangeIntent intent : intents) {
            record(body, INTENT, writer -> LogRecordCodec.writeIntent(writer, intent));
        }
        for (AppliedCall call : calls) {
            record(body, CALL, writer -> LogRecordCodec.writeCall(writer, call));
        }
        target.replaceWith(body.getCopyOfBuffer());
    }

    /** Whatever was logged is on storage when this returns. */
    void syncBeforeApplierCall() {
        try {
            storage.sync();
        } catch (IOException e) {
            broken = true;
            throw new UncheckedIOException(
                    "Cannot sync the schema registry's log " + directory(), e);
        }
    }

    /** Appends one record. */
    private void append(byte kind, VersionedState.Part fields) {
        DataOutputSerializer body = new DataOutputSerializer(512);
        try {
            record(body, kind, fields);
            storage.append(body.getCopyOfBuffer());
        } catch (IOException e) {
            broken = true;
            throw new UncheckedIOException(
                    "Cannot write the schema registry's log " + directory(), e);
        }
    }

    /** One length-prefixed record: its kind, then its fields. */
    private static void record(DataOutputSerializer out, byte kind, VersionedState.Part fields)
            throws IOException {
        DataOutputSerializer record = new DataOutputSerializer(512);
        record.writeByte(kind);
        fields.write(new DataWriter(record));
        out.writeInt(record.length());
        out.write(record.getSharedBuffer(), 0, record.length());
    }

    /** The single file of earlier builds first, if here, then every whole segment in order. */
    private void readFrom(LogStorage source, boolean forWriting) throws IOException {
        byte[] single = source.singleFileLog();
        if (single != null) {
            readRecords(single, singleFileStart(single), true);
        }
        for (byte[] body : source.read(forWriting)) {
            readRecords(body, 0, false);
        }
    }

    /**
     * Where the single file's records start. A file without the header is of version 1 (before the
     * header), whose records are the same.
     */
    private int singleFileStart(byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        if (bytes.length < SINGLE_FILE_HEADER_LENGTH || buffer.getInt(0) != SINGLE_FILE_MAGIC) {
            return 0;
        }
        int version = buffer.getInt(4);
        if (version != SINGLE_FILE_VERSION && version != SINGLE_FILE_PREVIOUS_VERSION) {
            throw new IOException(
                    "Unknown version "
                            + version
                            + " of the schema registry's log in "
                            + directory()
                            + "; this build reads versions up to "
                            + SINGLE_FILE_VERSION
                            + ". Delete the file or start with the build that wrote it.");
        }
        return SINGLE_FILE_HEADER_LENGTH;
    }

    /**
     * Reads length-prefixed records. A compaction record starts the log anew. The single file of
     * earlier builds may end in a record torn by a crash: ignored.
     */
    private void readRecords(byte[] bytes, int from, boolean mayBeTorn) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        buffer.position(from);
        while (buffer.remaining() >= 4) {
            int length = buffer.getInt();
            if (length < 0 || length > buffer.remaining()) {
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
                completed.clear();
                intents.clear();
                calls.clear();
                compactedUpTo = Math.max(compactedUpTo, reader.in().readLong());
            } else {
                throw new IOException("Unknown record kind " + kind + " in " + directory());
            }
        }
        if (buffer.hasRemaining()) {
            if (!mayBeTorn) {
                throw new IOException(
                        "A segment of the schema registry's log " + directory() + " is malformed");
            }
            LOG.warn("Ignoring a torn last record in {}", directory());
        }
    }

    private void forgetIntentOf(CompletedChange change) {
        intents.removeIf(intent -> intent.sequence() == change.sequence());
        calls.removeIf(
                call -> call.belongsTo(change.upstreamTable(), change.upstream().position()));
    }

    @Override
    public void close() {
        try {
            storage.close();
        } catch (IOException e) {
            LOG.warn("Could not close the schema registry's log {}", directory(), e);
        }
    }
}
