package dev.schemaop.connectors.postgres.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.debezium.StartupMode;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.SchemaChangesCapture;
import dev.schemaop.connectors.postgres.catalog.ColumnLayout;
import dev.schemaop.connectors.postgres.catalog.TableLayout;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.OperationType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The marks around the rows of a CREATE TABLE AS: between them an update of the table is an insert,
 * and a checkpoint keeps where the stream stood.
 */
class ChangeEmitterTest {
    private static final TableId COPY = TableId.tableId("public", "copy");
    private static final TableLayout LAYOUT =
            new TableLayout(
                    16390,
                    "public",
                    "copy",
                    List.of(
                            new ColumnLayout(1, "id", "integer", "N", null, false),
                            new ColumnLayout(2, "note", "text", "S", null, false)),
                    List.of(),
                    0);

    private static final PostgresSourceSettings SETTINGS =
            new PostgresSourceSettings(
                    "127.0.0.1",
                    5432,
                    "postgres",
                    "",
                    "app",
                    List.of(TablePattern.parse("public.\\.*")),
                    "app_slot",
                    StartupMode.INITIAL,
                    1000,
                    Duration.ofSeconds(10),
                    Map.of(),
                    SchemaChangesCapture.EVENT_TRIGGER);

    private static final String TOKEN = "token1";

    private static final Schema ROW =
            SchemaBuilder.struct()
                    .optional()
                    .field("id", Schema.OPTIONAL_INT32_SCHEMA)
                    .field("note", Schema.OPTIONAL_STRING_SCHEMA)
                    .build();
    private static final Schema LOG_ROW =
            SchemaBuilder.struct().optional().field("layout", Schema.STRING_SCHEMA).build();
    private static final Schema SOURCE =
            SchemaBuilder.struct()
                    .field("schema", Schema.STRING_SCHEMA)
                    .field("table", Schema.STRING_SCHEMA)
                    .build();

    @Test
    void anUpdateBetweenTheMarksIsAnInsertAndOneAfterThemAnUpdate() throws Exception {
        try (ChangeEmitter emitter =
                new ChangeEmitter(SETTINGS, List.of(LAYOUT), List.of(), TOKEN)) {
            assertThat(emitter.eventsOf(mark("begin"))).isEmpty();
            assertThat(emitter.relogging()).containsExactly(COPY);
            assertThat(operations(emitter.eventsOf(update(1, "a", 1, "a"))))
                    .containsExactly(OperationType.INSERT);
            assertThat(emitter.eventsOf(mark("end"))).isEmpty();
            assertThat(emitter.relogging()).isEmpty();

            assertThat(operations(emitter.eventsOf(update(1, "a", 1, "b"))))
                    .containsExactly(OperationType.UPDATE);
        }
    }

    @Test
    void aRestoreBetweenTheMarksGoesOnMakingInsertsOfAKnownTableOnly() throws Exception {
        TableId gone = TableId.tableId("public", "gone");
        try (ChangeEmitter emitter =
                new ChangeEmitter(SETTINGS, List.of(LAYOUT), List.of(COPY, gone), TOKEN)) {
            assertThat(emitter.relogging()).containsExactly(COPY);
            assertThat(operations(emitter.eventsOf(update(2, "b", 2, "b"))))
                    .containsExactly(OperationType.INSERT);
        }
    }

    @Test
    void aTableDroppedBetweenTheMarksIsNoLongerBetweenThem() throws Exception {
        try (ChangeEmitter emitter =
                new ChangeEmitter(SETTINGS, List.of(LAYOUT), List.of(), TOKEN)) {
            emitter.eventsOf(mark("begin"));
            emitter.eventsOf(
                    logged(
                            "{\"oid\": 16390, \"schema\": \"public\", \"table\": \"copy\","
                                    + " \"dropped\": true}"));

            assertThat(emitter.relogging()).isEmpty();
            assertThat(emitter.layouts()).isEmpty();
        }
    }

    /**
     * Without the DDL capture, a heartbeat's message lists the publication's tables: a known table
     * it lacks was dropped before it.
     */
    @Test
    void aHeartbeatWithoutAKnownTableDropsIt() throws Exception {
        try (ChangeEmitter emitter =
                new ChangeEmitter(
                        SETTINGS.withCapture(SchemaChangesCapture.RELATION),
                        List.of(LAYOUT),
                        List.of(),
                        TOKEN)) {
            assertThat(emitter.eventsOf(heartbeat("tables:" + TOKEN + ":16390,16400"))).isEmpty();
            assertThat(emitter.eventsOf(heartbeat(""))).as("no word on the tables").isEmpty();
            assertThat(emitter.eventsOf(heartbeat("tables:forged:16400")))
                    .as("without the reader's token")
                    .isEmpty();
            assertThat(emitter.layouts()).containsExactly(LAYOUT);

            assertThat(emitter.eventsOf(heartbeat("tables:" + TOKEN + ":16400")))
                    .containsExactly(new DropTableEvent(COPY));
            assertThat(emitter.layouts()).isEmpty();
        }
    }

    @Test
    void withTheDdlCaptureAHeartbeatSaysNothingOfTables() throws Exception {
        try (ChangeEmitter emitter =
                new ChangeEmitter(SETTINGS, List.of(LAYOUT), List.of(), TOKEN)) {
            assertThat(emitter.eventsOf(heartbeat("tables:" + TOKEN + ":"))).isEmpty();
            assertThat(emitter.layouts()).containsExactly(LAYOUT);
        }
    }

    private static SourceRecord heartbeat(String content) {
        Schema message =
                SchemaBuilder.struct()
                        .field("prefix", Schema.STRING_SCHEMA)
                        .field("content", Schema.BYTES_SCHEMA)
                        .build();
        Schema envelope =
                SchemaBuilder.struct()
                        .field("op", Schema.STRING_SCHEMA)
                        .field("message", message)
                        .build();
        Struct value =
                new Struct(envelope)
                        .put("op", "m")
                        .put(
                                "message",
                                new Struct(message)
                                        .put("prefix", "schemaop.heartbeat.app_slot")
                                        .put("content", content.getBytes(StandardCharsets.UTF_8)));
        return new SourceRecord(Map.of(), Map.of(), "t", envelope, value);
    }

    private static List<OperationType> operations(List<Event> events) {
        return events.stream().map(e -> ((DataChangeEvent) e).op()).toList();
    }

    private static SourceRecord mark(String which) {
        return logged("{\"oid\": 16390, \"relogged\": \"" + which + "\"}");
    }

    private static SourceRecord logged(String layout) {
        Schema envelope =
                SchemaBuilder.struct()
                        .field("op", Schema.STRING_SCHEMA)
                        .field("source", SOURCE)
                        .field("after", LOG_ROW)
                        .build();
        Struct value =
                new Struct(envelope)
                        .put("op", "c")
                        .put(
                                "source",
                                new Struct(SOURCE)
                                        .put("schema", "schemaop")
                                        .put("table", "ddl_log"))
                        .put("after", new Struct(LOG_ROW).put("layout", layout));
        return new SourceRecord(Map.of(), Map.of(), "t", envelope, value);
    }

    private static SourceRecord update(int oldId, String oldNote, int id, String note) {
        Schema envelope =
                SchemaBuilder.struct()
                        .field("op", Schema.STRING_SCHEMA)
                        .field("source", SOURCE)
                        .field("before", ROW)
                        .field("after", ROW)
                        .build();
        Struct value =
                new Struct(envelope)
                        .put("op", "u")
                        .put(
                                "source",
                                new Struct(SOURCE).put("schema", "public").put("table", "copy"))
                        .put("before", new Struct(ROW).put("id", oldId).put("note", oldNote))
                        .put("after", new Struct(ROW).put("id", id).put("note", note));
        return new SourceRecord(Map.of(), Map.of(), "t", envelope, value);
    }
}
