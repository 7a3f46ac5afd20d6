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
import java.util.List;

class CommittableSerializerTest {

    @Test
    void aCommittableComesBackWithEveryMessage() throws IOException {
        CommittableSerializer serializer = new CommittableSerializer();
        List<CommitMessage> messages =
                List.of(
                        new CommitMessageImpl(
                                BinaryRow.EMPTY_ROW,
                                0,
                                2,
                                DataIncrement.emptyIncrement(),
                                CompactIncrement.emptyIncrement()),
                        new CommitMessageImpl(
                                BinaryRow.EMPTY_ROW,
                                1,
                                2,
                                DataIncrement.emptyIncrement(),
                                CompactIncrement.emptyIncrement()));
        PaimonCommittable committable =
                new PaimonCommittable(
                        Identifier.create("db", "t"), "db.t.1764", 12L, "user-1", 7L, messages);

        PaimonCommittable back =
                serializer.deserialize(serializer.getVersion(), serializer.serialize(committable));

        assertThat(back.table()).isEqualTo(Identifier.create("db", "t"));
        assertThat(back.tableUuid()).isEqualTo("db.t.1764");
        assertThat(back.writtenAfterSnapshot()).isEqualTo(12L);
        assertThat(back.commitUser()).isEqualTo("user-1");
        assertThat(back.identifier()).isEqualTo(7L);
        assertThat(back.messages()).isEqualTo(messages);
    }

    @Test
    void anUnknownVersionIsRefusedWithWhatToDo() {
        assertThatThrownBy(() -> new CommittableSerializer().deserialize(1, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "A Paimon committable of version 1 is not readable by this sink (version"
                                + " 2): restore with the connector version that wrote the"
                                + " checkpoint");
    }
}
