package dev.schemaop.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.api.SkippedSourceChange;
import dev.schemaop.api.TableHistoryRestart;

import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

import java.io.IOException;

/** The source's events: Flink CDC's and a skipped change, through copy and bytes. */
class SourceEventSerializerTest {
    private static final TableId T = TableId.tableId("db", "t");

    @Test
    void flinkCdcEventsSkippedChangesAndHistoryRestartsRoundTrip() throws IOException {
        Event create =
                new CreateTableEvent(
                        T, Schema.newBuilder().physicalColumn("id", DataTypes.INT()).build());
        Event skipped = new SkippedSourceChange(T, "ALTER TABLE t ...", "unparseable", "b.1:4");
        Event unknownTable =
                new SkippedSourceChange(null, "CREATE PACKAGE p", "unparseable", "b:9");

        Event restart = new TableHistoryRestart(TableId.tableId("db", "a.b"));

        for (Event event : new Event[] {create, skipped, unknownTable, restart}) {
            DataOutputSerializer out = new DataOutputSerializer(64);
            SourceEventSerializer.INSTANCE.serialize(event, out);
            Event read =
                    SourceEventSerializer.INSTANCE.deserialize(
                            new DataInputDeserializer(out.getCopyOfBuffer()));

            assertThat(read).isEqualTo(event);
            assertThat(SourceEventSerializer.INSTANCE.copy(event)).isEqualTo(event);
        }
    }
}
