package dev.schemaop.registry;

import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.List;

/**
 * Where the {@link AppliedChangeLog}'s records are kept: appended segments, each framed with its
 * length and checksum ({@link SegmentFrame}), so that one a crash cut short is recognised. A local
 * directory keeps them in one file it appends to ({@link LocalLogFile}, a sync is one {@code
 * fdatasync}); any other Flink file system, which cannot append, as a file each ({@link
 * SegmentFiles}).
 */
interface LogStorage extends AutoCloseable {
    /**
     * @param synced whether {@link #sync} reaches the disk: false where the job's checkpoints do
     *     not outlive the JobManager's process either (no checkpoint directory), so that a sync
     *     would buy nothing and cost a disk flush a change
     */
    static LogStorage at(Path dir, boolean synced) throws IOException {
        return dir.getFileSystem().isDistributedFS()
                ? new SegmentFiles(dir)
                : new LocalLogFile(dir, synced);
    }

    Path directory();

    /** Whether anything of a log is here. */
    boolean exists() throws IOException;

    /** The log as the builds before segments wrote it, if it is here (read, never written). */
    @Nullable
    byte[] singleFileLog() throws IOException;

    /**
     * The bodies of every whole segment, in order. A torn newest one is left out (with a WARN);
     * {@code forWriting} also removes it, so that the next append follows whole segments.
     */
    List<byte[]> read(boolean forWriting) throws IOException;

    /** Appends a segment. */
    void append(byte[] body) throws IOException;

    /** Every segment appended so far is on storage when this returns. */
    void sync() throws IOException;

    /** A compaction: {@code body} is the whole log from now on, on storage when this returns. */
    void replaceWith(byte[] body) throws IOException;

    void deleteAll() throws IOException;

    @Override
    void close() throws IOException;
}
