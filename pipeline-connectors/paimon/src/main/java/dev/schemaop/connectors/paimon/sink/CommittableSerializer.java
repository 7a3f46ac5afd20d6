package dev.schemaop.connectors.paimon.sink;

import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.paimon.catalog.Identifier;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A committable in Flink's checkpoint: the table, commit user and identifier, then the files of
 * each writer as {@link WrittenFilesSerializer} writes them. Version 2 was a committable per writer
 * (a committer per subtask); its checkpoints are refused.
 */
public final class CommittableSerializer implements SimpleVersionedSerializer<PaimonCommittable> {
    private static final int VERSION = 3;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PaimonCommittable committable) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            WrittenFilesSerializer.writeTable(committable.table(), out);
            out.writeUTF(committable.commitUser());
            out.writeLong(committable.identifier());
            out.writeInt(committable.files().size());
            for (WrittenFiles files : committable.files()) {
                WrittenFilesSerializer.write(files, out);
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public PaimonCommittable deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException(
                    "A Paimon committable of version "
                            + version
                            + " is not readable by this sink (version "
                            + VERSION
                            + "): restore with the connector version that wrote the checkpoint");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            Identifier table = WrittenFilesSerializer.readTable(in);
            String commitUser = in.readUTF();
            long identifier = in.readLong();
            int count = in.readInt();
            List<WrittenFiles> files = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                files.add(WrittenFilesSerializer.read(in));
            }
            Trailing.none(in, "Paimon committable");
            return new PaimonCommittable(table, commitUser, identifier, files);
        }
    }
}
