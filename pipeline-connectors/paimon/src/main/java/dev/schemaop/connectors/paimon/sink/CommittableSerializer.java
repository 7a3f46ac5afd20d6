package dev.schemaop.connectors.paimon.sink;

import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A committable in Flink's checkpoint: the table, its uuid and latest snapshot when written, commit
 * user and identifier, then each commit message in Paimon's own serialized form, with the version
 * of Paimon's serializer that wrote it.
 */
public final class CommittableSerializer implements SimpleVersionedSerializer<PaimonCommittable> {
    private static final int VERSION = 2;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PaimonCommittable committable) throws IOException {
        CommitMessageSerializer messages = new CommitMessageSerializer();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(committable.table().getDatabaseName());
            out.writeUTF(committable.table().getObjectName());
            out.writeUTF(committable.tableUuid());
            out.writeLong(committable.writtenAfterSnapshot());
            out.writeUTF(committable.commitUser());
            out.writeLong(committable.identifier());
            out.writeInt(messages.getVersion());
            out.writeInt(committable.messages().size());
            for (CommitMessage message : committable.messages()) {
                byte[] serialized = messages.serialize(message);
                out.writeInt(serialized.length);
                out.write(serialized);
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
        CommitMessageSerializer messages = new CommitMessageSerializer();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            Identifier table = Identifier.create(in.readUTF(), in.readUTF());
            String tableUuid = in.readUTF();
            long writtenAfterSnapshot = in.readLong();
            String commitUser = in.readUTF();
            long identifier = in.readLong();
            int messageVersion = in.readInt();
            int count = in.readInt();
            List<CommitMessage> list = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                byte[] message = new byte[in.readInt()];
                in.readFully(message);
                list.add(messages.deserialize(messageVersion, message));
            }
            return new PaimonCommittable(
                    table, tableUuid, writtenAfterSnapshot, commitUser, identifier, list);
        }
    }
}
