package dev.schemaop.connectors.postgres.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.postgres.catalog.ColumnLayout;
import dev.schemaop.connectors.postgres.catalog.LayoutMessages;
import dev.schemaop.connectors.postgres.catalog.TableLayout;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

class WalSplitSerializerTest {
    private static final TableLayout ORDERS =
            new TableLayout(
                    16384,
                    "public",
                    "orders",
                    List.of(new ColumnLayout(1, "id", "integer", "N", null, true)),
                    List.of("id"),
                    0);

    @Test
    void aSplitReadsBackWithTheTablesWhoseCreatedRowsWereBeingRelogged() throws Exception {
        WalSplit split = streamingSplit(List.of(TableId.tableId("public", "orders")));

        byte[] bytes = WalSplitSerializer.INSTANCE.serialize(split);

        assertThat(WalSplitSerializer.INSTANCE.deserialize(WalSplitSerializer.VERSION, bytes))
                .isEqualTo(split);
    }

    @Test
    void aSplitOfTheFirstVersionHasNoTableBeingRelogged() throws Exception {
        DataOutputSerializer v1 = new DataOutputSerializer(64);
        text(v1, "{\"server\":\"s\"}");
        text(v1, "{\"lsn\":42}");
        v1.writeInt(1);
        text(v1, LayoutMessages.write(ORDERS));
        v1.writeBoolean(true);
        v1.writeBoolean(false);

        WalSplit read = WalSplitSerializer.INSTANCE.deserialize(1, v1.getCopyOfBuffer());

        assertThat(read).isEqualTo(streamingSplit(List.of()));
    }

    @Test
    void aSplitOfALaterVersionIsRefusedWithWhatToDo() {
        assertThatThrownBy(() -> WalSplitSerializer.INSTANCE.deserialize(3, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "The postgres source's checkpoint has its position in format version 3,"
                                + " which this version of the source does not read (it reads 1 to"
                                + " 2). Restore it with the version of flink-schema-operator that"
                                + " took it, or start anew with --fresh.");
    }

    private static WalSplit streamingSplit(List<TableId> relogging) {
        return new WalSplit(
                "{\"server\":\"s\"}", "{\"lsn\":42}", List.of(ORDERS), true, false, relogging);
    }

    private static void text(DataOutputSerializer out, String text) throws Exception {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }
}
