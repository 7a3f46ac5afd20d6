package dev.schemaop.connectors.paimon.sink;

import java.io.DataInputStream;
import java.io.IOException;

/** The check that a checkpointed record was read to its end (a format mismatch otherwise). */
final class Trailing {
    private Trailing() {}

    static void none(DataInputStream in, String what) throws IOException {
        int left = in.available();
        if (left > 0) {
            throw new IOException(
                    "A serialized " + what + " has " + left + " bytes after its end: corrupt data");
        }
    }
}
