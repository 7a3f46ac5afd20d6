package dev.schemaop.connectors.mariadb.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.debezium.StartupMode;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.debezium.ResolvedRenames;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

class RecordEmitterTest {
    private static final TableId T = TableId.tableId("app", "t");
    private static final SourceSettings SETTINGS =
            new SourceSettings(
                    "db",
                    3306,
                    "cdc",
                    "",
                    List.of(TablePattern.parse("app.t")),
                    5400,
                    "UTC",
                    StartupMode.INITIAL,
                    1024,
                    true,
                    Duration.ofSeconds(30),
                    false,
                    SourceSettings.Unparseable.FAIL,
                    Map.of());

    private static Schema schema(String... namesAndTypes) {
        Schema.Builder builder = Schema.newBuilder();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            builder.physicalColumn(
                    namesAndTypes[i],
                    namesAndTypes[i + 1].equals("INT") ? DataTypes.INT() : DataTypes.STRING());
        }
        return builder.primaryKey("id").build();
    }

    @Test
    void aSnapshotTakenAgainOfATableWhoseColumnOnlyMovedKeepsThePipelinesOrder() {
        Schema known = schema("id", "INT", "b", "STRING", "a", "INT");
        Schema described = schema("id", "INT", "a", "INT", "b", "STRING");
        RecordEmitter emitter =
                new RecordEmitter(SETTINGS, Map.of(T, known), new ResolvedRenames());

        assertThat(emitter.snapshotTable(T, described)).as("a move is no event").isEmpty();
        RecordData row =
                new BinaryRecordDataGenerator(
                                described.getColumnDataTypes().toArray(new DataType[0]))
                        .generate(new Object[] {1, 10, BinaryStringData.fromString("x")});
        RecordData shaped = emitter.shaperFor(T, described).apply(row);

        assertThat(shaped.getInt(0)).isEqualTo(1);
        assertThat(shaped.getString(1).toString()).isEqualTo("x");
        assertThat(shaped.getInt(2)).isEqualTo(10);
    }

    @Test
    void rowsOfTheSchemaThePipelineHasNeedNoShaping() {
        Schema known = schema("id", "INT", "a", "INT");
        RecordEmitter emitter =
                new RecordEmitter(SETTINGS, Map.of(T, known), new ResolvedRenames());

        assertThat(emitter.snapshotTable(T, known)).isEmpty();
        assertThat(emitter.shaperFor(T, known)).isNull();
    }
}
