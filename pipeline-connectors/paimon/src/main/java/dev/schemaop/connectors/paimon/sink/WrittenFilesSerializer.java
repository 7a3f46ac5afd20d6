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
 * A writer's files on their way to the committer (Flink's write result serializer): the table, its
 * uuid and latest snapshot when written, then each commit message in Paimon's own serialized form,
 * with the version of Paimon's serializer that wrote it. The committable's serializer writes its
 * files the same way ({@link #write}, {@link #read}).
 */
public final class WrittenFilesSerializer implements SimpleVersionedSerializer<WrittenFiles> {
    private static final int VERSION = 1;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(WrittenFiles files) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(files, out);
        }
        return bytes.toByteArray();
    }

    @Override
    public WrittenFiles deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION) {
            throw new IOException(
                    "Paimon files of version "
                            + version
                            + " are not readable by this sink (version "
                            + VERSION
                            + ")");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            WrittenFiles files = read(in);
            Trailing.none(in, "Paimon files");
            return files;
        }
    }

    static void write(WrittenFiles files, DataOutputStream out) throws IOException {
        CommitMessageSerializer messages = new CommitMessageSerializer();
        writeTable(files.table(), out);
        out.writeUTF(files.tableUuid());
        out.writeLong(files.writtenAfterSnapshot());
        out.writeInt(messages.getVersion());
        out.writeInt(files.messages().size());
        for (CommitMessage message : files.messages()) {
            byte[] serialized = messages.serialize(message);
            out.writeInt(serialized.length);
            out.write(serialized);
        }
    }

    static WrittenFiles read(DataInputStream in) throws IOException {
        CommitMessageSerializer messages = new CommitMessageSerializer();
        Identifier table = readTable(in);
        String tableUuid = in.readUTF();
        long writtenAfterSnapshot = in.readLong();
        int messageVersion = in.readInt();
        int count = in.readInt();
        List<CommitMessage> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] message = new byte[in.readInt()];
            in.readFully(message);
            list.add(messages.deserialize(messageVersion, message));
        }
        return new WrittenFiles(table, tableUuid, writtenAfterSnapshot, list);
    }

    static void writeTable(Identifier table, DataOutputStream out) throws IOException {
        out.writeUTF(table.getDatabaseName());
        out.writeUTF(table.getObjectName());
    }

    static Identifier readTable(DataInputStream in) throws IOException {
        return Identifier.create(in.readUTF(), in.readUTF());
    }
}
