package dev.schemaop.registry;

import org.apache.flink.core.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The applied-change log in a local directory: its segments appended to one file, {@code
 * applied-changes.segments}, so that a sync is one {@code fdatasync} of it (a file per segment cost
 * a file creation and a sync each: W2 and W3 of the benchmarks ran at half their speed). A crash
 * can only cut the last segment short: it is ignored, and cut off before the next append. A
 * compaction writes the remaining log to a new file and renames it over the old one.
 */
final class LocalLogFile implements LogStorage {
    private static final Logger LOG = LoggerFactory.getLogger(LocalLogFile.class);
    static final String FILE_NAME = "applied-changes.segments";

    private final Path dir;
    private final java.nio.file.Path localDir;
    private final java.nio.file.Path file;
    @Nullable private FileChannel channel;

    /** Whether a segment was appended since the last sync. */
    private boolean unsynced;

    private final boolean synced;

    /**
     * @param synced whether a sync flushes the file to the disk (see {@link LogStorage#at})
     */
    LocalLogFile(Path dir, boolean synced) {
        this.dir = dir;
        this.synced = synced;
        this.localDir = java.nio.file.Path.of(dir.toUri().getPath());
        this.file = localDir.resolve(FILE_NAME);
    }

    @Override
    public Path directory() {
        return dir;
    }

    @Override
    public boolean exists() {
        return Files.exists(file) || Files.exists(singleFile());
    }

    @Override
    @Nullable
    public byte[] singleFileLog() throws IOException {
        return Files.exists(singleFile()) ? Files.readAllBytes(singleFile()) : null;
    }

    private java.nio.file.Path singleFile() {
        return localDir.resolve(SegmentFiles.SINGLE_FILE);
    }

    @Override
    public List<byte[]> read(boolean forWriting) throws IOException {
        List<byte[]> bodies = new ArrayList<>();
        if (!Files.exists(file)) {
            return bodies;
        }
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
        for (byte[] body = SegmentFrame.next(bytes);
                body != null;
                body = SegmentFrame.next(bytes)) {
            bodies.add(body);
        }
        if (bytes.hasRemaining()) {
            LOG.warn(
                    "Ignoring the last {} bytes of {}: their writing was cut short (the JobManager"
                            + " stopped then).",
                    bytes.remaining(),
                    file);
            if (forWriting) {
                try (FileChannel torn = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    torn.truncate(bytes.position());
                }
            }
        }
        return bodies;
    }

    @Override
    public void append(byte[] body) throws IOException {
        FileChannel out = channel();
        long end = out.size();
        try {
            write(out, SegmentFrame.frame(body));
        } catch (IOException e) {
            // A part written (disk full) must not stand between whole segments: cut it off.
            try {
                out.truncate(end);
            } catch (IOException cut) {
                e.addSuppressed(cut);
            }
            throw e;
        }
        unsynced = true;
    }

    @Override
    public void sync() throws IOException {
        if (synced && unsynced && channel != null) {
            channel.force(false);
        }
        unsynced = false;
    }

    @Override
    public void replaceWith(byte[] body) throws IOException {
        close();
        Files.createDirectories(localDir);
        java.nio.file.Path next = localDir.resolve(FILE_NAME + ".next");
        try (FileChannel out =
                FileChannel.open(
                        next,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE)) {
            write(out, SegmentFrame.frame(body));
            out.force(true);
        }
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        syncDirectory();
        Files.deleteIfExists(singleFile());
    }

    @Override
    public void deleteAll() throws IOException {
        close();
        Files.deleteIfExists(file);
        Files.deleteIfExists(singleFile());
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            try {
                sync();
            } finally {
                channel.close();
                channel = null;
            }
        }
    }

    private FileChannel channel() throws IOException {
        if (channel == null) {
            Files.createDirectories(localDir);
            boolean created = !Files.exists(file);
            channel =
                    FileChannel.open(
                            file,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.WRITE,
                            StandardOpenOption.APPEND);
            if (created) {
                syncDirectory();
            }
        }
        return channel;
    }

    /**
     * A new or renamed file is on the disk only once its directory entry is: a sync of the file
     * alone would not survive a power loss.
     */
    private void syncDirectory() throws IOException {
        if (synced) {
            try (FileChannel directory = FileChannel.open(localDir, StandardOpenOption.READ)) {
                directory.force(true);
            }
        }
    }

    private static void write(FileChannel out, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            out.write(buffer);
        }
    }
}
