package dev.schemaop.connectors.paimon.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.io.CompactIncrement;
import org.apache.paimon.io.DataIncrement;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;

class CommittableSerializerTest {
    private static final Identifier TABLE = Identifier.create("db", "t");

    @Test
    void aCommittableComesBackWithTheFilesOfEveryWriter() throws IOException {
        CommittableSerializer serializer = new CommittableSerializer();
        WrittenFiles first = new WrittenFiles(TABLE, "db.t.1764", 12L, messages(0, 1));
        WrittenFiles second = new WrittenFiles(TABLE, "db.t.1764", 13L, messages(2));
        PaimonCommittable committable =
                new PaimonCommittable(TABLE, "user-1", 7L, List.of(first, second));

        PaimonCommittable back =
                serializer.deserialize(serializer.getVersion(), serializer.serialize(committable));

        assertThat(back).isEqualTo(committable);
    }

    @Test
    void writtenFilesComeBackWithEveryMessage() throws IOException {
        WrittenFilesSerializer serializer = new WrittenFilesSerializer();
        WrittenFiles files = new WrittenFiles(TABLE, "db.t.1764", 12L, messages(0, 1));

        assertThat(serializer.deserialize(serializer.getVersion(), serializer.serialize(files)))
                .isEqualTo(files);
    }

    @Test
    void aCommittableOfTheFormerCommitterPerSubtaskIsRefusedWithWhatToDo() {
        assertThatThrownBy(() -> new CommittableSerializer().deserialize(2, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "A Paimon committable of version 2 is not readable by this sink (version"
                                + " 3): restore with the connector version that wrote the"
                                + " checkpoint");
    }

    @Test
    void bytesAfterTheEndAreRefused() throws IOException {
        CommittableSerializer serializer = new CommittableSerializer();
        byte[] serialized =
                serializer.serialize(new PaimonCommittable(TABLE, "user-1", 7L, List.of()));
        byte[] longer = Arrays.copyOf(serialized, serialized.length + 2);

        assertThatThrownBy(() -> serializer.deserialize(serializer.getVersion(), longer))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "A serialized Paimon committable has 2 bytes after its end: corrupt data");
    }

    private static List<CommitMessage> messages(int... buckets) {
        return Arrays.stream(buckets)
                .mapToObj(
                        bucket ->
                                (CommitMessage)
                                        new CommitMessageImpl(
                                                BinaryRow.EMPTY_ROW,
                                                bucket,
                                                4,
                                                DataIncrement.emptyIncrement(),
                                                CompactIncrement.emptyIncrement()))
                .toList();
    }
}
