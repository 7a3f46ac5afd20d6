package dev.schemaop.codec;

import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.Map;
import java.util.TreeSet;

/**
 * The bytes of one piece of checkpointed state (the registry's, a schema operator subtask's, a sink
 * subtask's held rows): a format version, then the state's parts, each length-prefixed and read
 * from exactly its own bytes, then nothing. A part read short, trailing bytes and an unknown
 * version are errors that say which state and which version. Older versions are read by the formats
 * a state lists for them, all in one place per state.
 */
public final class VersionedState {
    private VersionedState() {}

    /** One part of the state. */
    public interface Part {
        void write(DataWriter writer) throws IOException;
    }

    /** How one version's payload (everything after the version number) is read. */
    public interface Format<T> {
        T read(DataInputDeserializer payload) throws IOException;
    }

    public static byte[] write(int version, Part... parts) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(1024);
        out.writeInt(version);
        DataOutputSerializer part = new DataOutputSerializer(256);
        for (Part p : parts) {
            part.clear();
            p.write(new DataWriter(part));
            out.writeInt(part.length());
            out.write(part.getSharedBuffer(), 0, part.length());
        }
        return out.getCopyOfBuffer();
    }

    /** Reads the next part from its own bytes. */
    public static <T> T part(DataInputDeserializer in, String what, DataReader.Element<T> reader)
            throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        DataInputDeserializer partIn = new DataInputDeserializer(bytes);
        T value = reader.read(new DataReader(partIn));
        if (partIn.available() > 0) {
            throw new IOException(
                    partIn.available() + " unexpected trailing bytes in a part of " + what);
        }
        return value;
    }

    public static <T> T read(byte[] bytes, String what, Map<Integer, Format<T>> formats)
            throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        int version = in.readInt();
        Format<T> format = formats.get(version);
        if (format == null) {
            throw new IOException(
                    "Unknown "
                            + what
                            + " version "
                            + version
                            + "; this build reads versions "
                            + new TreeSet<>(formats.keySet())
                            + ". Start the pipeline without this checkpoint, or with the build that wrote it.");
        }
        T value = format.read(in);
        if (in.available() > 0) {
            throw new IOException(in.available() + " unexpected trailing bytes in " + what);
        }
        return value;
    }
}
