package dev.schemaop.e2e.sinkv2;

import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A committable of the test sinks: the rows one writer staged for one checkpoint, with an id. */
record RowBatch(String id, List<String> rows) {

    static final SimpleVersionedSerializer<RowBatch> SERIALIZER =
            new SimpleVersionedSerializer<>() {
                @Override
                public int getVersion() {
                    return 1;
                }

                @Override
                public byte[] serialize(RowBatch batch) throws IOException {
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                    try (DataOutputStream out = new DataOutputStream(bytes)) {
                        out.writeUTF(batch.id());
                        out.writeInt(batch.rows().size());
                        for (String row : batch.rows()) {
                            out.writeUTF(row);
                        }
                    }
                    return bytes.toByteArray();
                }

                @Override
                public RowBatch deserialize(int version, byte[] serialized) throws IOException {
                    try (DataInputStream in =
                            new DataInputStream(new ByteArrayInputStream(serialized))) {
                        String id = in.readUTF();
                        List<String> rows = new ArrayList<>();
                        for (int i = in.readInt(); i > 0; i--) {
                            rows.add(in.readUTF());
                        }
                        return new RowBatch(id, rows);
                    }
                }
            };
}
