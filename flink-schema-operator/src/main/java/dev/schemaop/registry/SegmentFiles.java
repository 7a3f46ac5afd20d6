package dev.schemaop.registry;

import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The applied-change log on a Flink file system that cannot append (HDFS, an object store): each
 * segment is a file of its own ({@code 0000000000000001.segment}, ...), written whole, synced and
 * closed before the registry goes on; an object store shows it only once closed. An incomplete
 * segment is ignored when it is the newest and removed before the next append; one before a whole
 * segment means the log was damaged. A compaction writes the whole remaining log as one new
 * segment, then removes the files before it.
 */
final class SegmentFiles implements LogStorage {
    private static final Logger LOG = LoggerFactory.getLogger(SegmentFiles.class);
    private static final String SUFFIX = ".segment";

    /** The whole log in one file, as builds before segments wrote it. */
    static final String SINGLE_FILE = "applied-changes.log";

    private final Path dir;
    private final FileSystem fs;
    private long next = 1;

    SegmentFiles(Path dir) throws IOException {
        this.dir = dir;
        this.fs = dir.getFileSystem();
    }

    @Override
    public Path directory() {
        return dir;
    }

    @Override
    public boolean exists() throws IOException {
        return !numbered().isEmpty() || fs.exists(singleFilePath());
    }

    @Override
    @Nullable
    public byte[] singleFileLog() throws IOException {
        return fs.exists(singleFilePath()) ? readFully(singleFilePath()) : null;
    }

    private Path singleFilePath() {
        return new Path(dir, SINGLE_FILE);
    }

    @Override
    public List<byte[]> read(boolean forWriting) throws IOException {
        TreeMap<Long, Path> files = numbered();
        List<byte[]> bodies = new ArrayList<>();
        for (var file : files.entrySet()) {
            ByteBuffer bytes = ByteBuffer.wrap(readFully(file.getValue()));
            byte[] body = SegmentFrame.next(bytes);
            if (body == null || bytes.hasRemaining()) {
                if (!file.getKey().equals(files.lastKey())) {
                    throw new IOException(
                            "The schema registry's log "
                                    + dir
                                    + " is damaged: "
                                    + file.getValue().getName()
                                    + " is incomplete although later ones are whole. Restore from"
                                    + " a checkpoint taken before it, or delete the directory"
                                    + " (changes applied since the restored checkpoint may then"
                                    + " reach the sink again).");
                }
                LOG.warn(
                        "Ignoring {}: its writing was cut short (the JobManager stopped then).",
                        file.getValue());
                if (forWriting) {
                    fs.delete(file.getValue(), false);
                }
                continue;
            }
            bodies.add(body);
        }
        next = files.isEmpty() ? 1 : files.lastKey() + 1;
        return bodies;
    }

    @Override
    public void append(byte[] body) throws IOException {
        Path file = new Path(dir, String.format("%016d%s", next, SUFFIX));
        // The number is used up either way: a failed write must not block every later one.
        next++;
        try (FSDataOutputStream out = fs.create(file, FileSystem.WriteMode.NO_OVERWRITE)) {
            out.write(SegmentFrame.frame(body));
            out.flush();
            out.sync();
        } catch (IOException e) {
            try {
                fs.delete(file, false);
            } catch (IOException delete) {
                e.addSuppressed(delete);
            }
            throw e;
        }
    }

    @Override
    public void replaceWith(byte[] body) throws IOException {
        long first = next;
        append(body);
        for (var file : numbered().headMap(first).values()) {
            fs.delete(file, false);
        }
        fs.delete(singleFilePath(), false);
    }

    @Override
    public void deleteAll() throws IOException {
        for (Path file : numbered().values()) {
            fs.delete(file, false);
        }
        fs.delete(singleFilePath(), false);
        next = 1;
    }

    /** Every segment was synced when it was written: a closed file cannot be synced later. */
    @Override
    public void sync() {}

    /** Nothing is held open between appends. */
    @Override
    public void close() {}

    private TreeMap<Long, Path> numbered() throws IOException {
        TreeMap<Long, Path> files = new TreeMap<>();
        if (!fs.exists(dir)) {
            return files;
        }
        FileStatus[] statuses = fs.listStatus(dir);
        for (FileStatus status : statuses == null ? new FileStatus[0] : statuses) {
            String name = status.getPath().getName();
            if (name.endsWith(SUFFIX)) {
                try {
                    files.put(
                            Long.parseLong(name.substring(0, name.length() - SUFFIX.length())),
                            status.getPath());
                } catch (NumberFormatException e) {
                    LOG.warn("Ignoring {}: not a segment of the schema registry's log", name);
                }
            }
        }
        return files;
    }

    private byte[] readFully(Path file) throws IOException {
        try (FSDataInputStream in = fs.open(file)) {
            return in.readAllBytes();
        }
    }
}
