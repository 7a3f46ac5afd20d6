package dev.schemaop.registry;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * One segment of the applied-change log as bytes: "SCHS", the format version, the body's length and
 * CRC32, the body. A segment whose bytes are short or whose checksum differs was cut short.
 */
final class SegmentFrame {
    /** "SCHS": a segment; differs from the single-file log's "SCHL". */
    private static final int MAGIC = 0x53434853;

    private static final int VERSION = 1;
    static final int HEADER_LENGTH = 16;

    private SegmentFrame() {}

    static byte[] frame(byte[] body) {
        return ByteBuffer.allocate(HEADER_LENGTH + body.length)
                .putInt(MAGIC)
                .putInt(VERSION)
                .putInt(body.length)
                .putInt(checksum(body))
                .put(body)
                .array();
    }

    /**
     * The body of the segment at the buffer's position, which moves past it; null, the position
     * unmoved, for a segment cut short.
     */
    @Nullable
    static byte[] next(ByteBuffer buffer) throws IOException {
        if (buffer.remaining() < HEADER_LENGTH) {
            return null;
        }
        int start = buffer.position();
        if (buffer.getInt(start) != MAGIC) {
            return null;
        }
        int version = buffer.getInt(start + 4);
        if (version != VERSION) {
            throw new IOException(
                    "Unknown version "
                            + version
                            + " of a segment of the schema registry's log; this build reads"
                            + " version "
                            + VERSION
                            + ". Start with the build that wrote it.");
        }
        int length = buffer.getInt(start + 8);
        int checksum = buffer.getInt(start + 12);
        if (length < 0 || length > buffer.remaining() - HEADER_LENGTH) {
            return null;
        }
        byte[] body = new byte[length];
        buffer.get(start + HEADER_LENGTH, body);
        if (checksum(body) != checksum) {
            return null;
        }
        buffer.position(start + HEADER_LENGTH + length);
        return body;
    }

    private static int checksum(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return (int) crc.getValue();
    }
}
