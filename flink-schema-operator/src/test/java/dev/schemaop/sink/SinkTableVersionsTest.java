package dev.schemaop.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.behavior.SchemaChanges;
import dev.schemaop.protocol.SinkSchemaStep;
import dev.schemaop.types.DiscardListener;

import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.event.TruncateTableEvent;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

class SinkTableVersionsTest {
    private static final TableId T = TableId.tableId("db", "people");

    private SinkTableVersions versions;
    private final List<Schema> schemas = new ArrayList<>();
    private final List<String> discarded = new ArrayList<>();

    @BeforeEach
    void evolve() {
        versions =
                new SinkTableVersions(T, (column, reason) -> discarded.add(column + ":" + reason));
        Schema v1 =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(10))
                        .physicalColumn("score", DataTypes.INT())
                        .primaryKey("id")
                        .build();
        step(new CreateTableEvent(T, v1));
        step(
                new AddColumnEvent(
                        T,
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("email", DataTypes.VARCHAR(30))))));
        step(
                new AlterColumnTypeEvent(
                        T, Map.of("score", DataTypes.BIGINT()), Map.of("score", DataTypes.INT())));
        step(new RenameColumnEvent(T, Map.of("name", "full_name")));
        step(new DropColumnEvent(T, List.of("email")));
    }

    private void step(SchemaChangeEvent event) {
        Schema before = schemas.isEmpty() ? null : schemas.get(schemas.size() - 1);
        Schema after = SchemaChanges.apply(before, event);
        schemas.add(after);
        SinkSchemaStep step = new SinkSchemaStep(T, schemas.size(), List.of(event), after);
        versions.remember(step);
        versions.moveTo(step.version());
    }

    @Test
    void rowsOfAnOlderVersionFollowRenamesIntoTheCurrentOne() {
        for (int version = 1; version <= 3; version++) {
            Schema from = schemas.get(version - 1);
            Object[] values = new Object[from.getColumnCount()];
            values[0] = 7;
            values[1] = BinaryStringData.fromString("gus");
            RecordData row =
                    new BinaryRecordDataGenerator(
                                    from.getColumnDataTypes().toArray(new DataType[0]))
                            .generate(values);
            RowUpgrade upgrade = versions.upgradeFrom(version);
            RecordData upgraded = upgrade.reshape(row);
            assertThat(upgraded.getArity()).as("version %d", version).isEqualTo(3);
            assertThat(upgraded.getString(1).toString()).as("version %d", version).isEqualTo("gus");
        }
    }

    /**
     * A lagging row still carries a value of email, which the sink dropped since (version 5): the
     * DROP removed that column's stored values, so the row losing it is not a discarded value.
     */
    @Test
    void aValueOfAColumnTheSinkDroppedSinceIsNotCountedAsDiscarded() {
        Schema v2 = schemas.get(1);
        RecordData row =
                new BinaryRecordDataGenerator(v2.getColumnDataTypes().toArray(new DataType[0]))
                        .generate(
                                new Object[] {
                                    7,
                                    BinaryStringData.fromString("gus"),
                                    70,
                                    BinaryStringData.fromString("g@x")
                                });

        RecordData upgraded = versions.upgradeFrom(2).reshape(row);

        assertThat(upgraded.getArity()).isEqualTo(3);
        assertThat(upgraded.getString(1).toString()).isEqualTo("gus");
        assertThat(upgraded.getLong(2)).isEqualTo(70L);
        assertThat(discarded).isEmpty();
    }

    @Test
    void rowsFromBeforeATruncateAreCleared() {
        step(new TruncateTableEvent(T));
        assertThat(versions.upgradeFrom(4)).isNull();
        assertThat(versions.upgradeFrom(4)).as("the decision is cached, not lost").isNull();
        assertThat(versions.upgradeFrom(5)).isNull();
        assertThat(versions.upgradeFrom(6))
                .as("the current version itself is not cleared")
                .isNotNull();
    }

    /**
     * A row brought forward across several versions comes out as the sink converted the rows it
     * stored: an ALTER to INT nulled a BIGINT value that does not fit, and the ALTER back to BIGINT
     * does not bring it back; a column dropped and added again does not get the old value.
     */
    @Test
    void rowsBroughtForwardGoThroughEveryConversionOnTheWay() {
        SinkTableVersions table = new SinkTableVersions(T, DiscardListener.NONE);
        List<Schema> history = new ArrayList<>();
        Schema v1 =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("big", DataTypes.BIGINT())
                        .physicalColumn("tag", DataTypes.VARCHAR(10))
                        .primaryKey("id")
                        .build();
        List<SchemaChangeEvent> changes =
                List.of(
                        new CreateTableEvent(T, v1),
                        new AlterColumnTypeEvent(
                                T,
                                Map.of("big", DataTypes.INT()),
                                Map.of("big", DataTypes.BIGINT())),
                        new AlterColumnTypeEvent(
                                T,
                                Map.of("big", DataTypes.BIGINT()),
                                Map.of("big", DataTypes.INT())),
                        new DropColumnEvent(T, List.of("tag")),
                        new AddColumnEvent(
                                T,
                                List.of(
                                        AddColumnEvent.last(
                                                Column.physicalColumn(
                                                        "tag", DataTypes.VARCHAR(10))))));
        for (SchemaChangeEvent change : changes) {
            Schema after =
                    SchemaChanges.apply(
                            history.isEmpty() ? null : history.get(history.size() - 1), change);
            history.add(after);
            table.remember(new SinkSchemaStep(T, history.size(), List.of(change), after));
            table.moveTo(history.size());
        }
        RecordData row =
                new BinaryRecordDataGenerator(v1.getColumnDataTypes().toArray(new DataType[0]))
                        .generate(
                                new Object[] {
                                    1, 3_000_000_000L, BinaryStringData.fromString("old")
                                });

        RecordData upgraded = table.upgradeFrom(1).reshape(row);

        assertThat(upgraded.getInt(0)).isEqualTo(1);
        assertThat(upgraded.isNullAt(1)).as("3e9 did not fit the INT on the way").isTrue();
        assertThat(upgraded.isNullAt(2)).as("tag was dropped and added again").isTrue();
    }
}
