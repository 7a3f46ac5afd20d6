package dev.schemaop.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The sink writer and the metadata applier, fed directly; exact file contents. */
class SampleSinkTest {

    @TempDir Path dir;

    @Test
    void writerAndApplierProduceTheExpectedFilesForTheTenRowScript() throws Exception {
        SampleSinkWriter writer = new SampleSinkWriter(dir, 0);
        SampleMetadataApplier applier = new SampleMetadataApplier(dir.toString());
        for (Event event : new SampleScript(10).events()) {
            if (event instanceof SchemaChangeEvent) {
                applier.applySchemaChange((SchemaChangeEvent) event);
            }
            writer.write(event, null);
        }
        assertThat(dir.resolve("rows-0.txt")).doesNotExist();
        writer.flush(false);
        assertThat(dir.resolve("rows-0.txt")).doesNotExist();
        writer.flush(true);
        writer.close();

        assertThat(Files.readString(dir.resolve("rows-0.txt"))).isEqualTo(ExpectedFiles.ROWS_10);
        assertThat(Files.readString(dir.resolve("schema-0.txt")))
                .isEqualTo(ExpectedFiles.SCHEMA_10);
        assertThat(Files.readString(dir.resolve("schema-changes.txt")))
                .isEqualTo(ExpectedFiles.SCHEMA_CHANGES);
    }

    @Test
    void writerFollowsRenamesDropsDeletesAndSortsTablesAndKeys() throws Exception {
        TableId a = TableId.tableId("db", "a");
        TableId b = TableId.tableId("db", "b");
        Schema schemaA =
                Schema.newBuilder()
                        .physicalColumn("k", DataTypes.STRING().notNull())
                        .physicalColumn("v", DataTypes.BIGINT())
                        .physicalColumn("gone", DataTypes.INT())
                        .primaryKey("k")
                        .build();
        Schema schemaB =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("amount", DataTypes.DECIMAL(12, 4))
                        .primaryKey("id")
                        .build();
        BinaryRecordDataGenerator ga =
                gen(DataTypes.STRING().notNull(), DataTypes.BIGINT(), DataTypes.INT());
        BinaryRecordDataGenerator ga2 = gen(DataTypes.STRING().notNull(), DataTypes.BIGINT());
        BinaryRecordDataGenerator gb = gen(DataTypes.INT().notNull(), DataTypes.DECIMAL(12, 4));

        SampleSinkWriter writer = new SampleSinkWriter(dir, 3);
        // Table b first, to show that output is ordered by table name, not arrival.
        writer.write(new CreateTableEvent(b, schemaB), null);
        writer.write(
                DataChangeEvent.insertEvent(
                        b, gb.generate(new Object[] {10, dec("0.0001", 12, 4)})),
                null);
        writer.write(
                DataChangeEvent.insertEvent(b, gb.generate(new Object[] {9, dec("1E+3", 12, 4)})),
                null);
        writer.write(DataChangeEvent.insertEvent(b, gb.generate(new Object[] {2, null})), null);
        writer.write(DataChangeEvent.deleteEvent(b, gb.generate(new Object[] {2, null})), null);

        writer.write(new CreateTableEvent(a, schemaA), null);
        writer.write(
                DataChangeEvent.insertEvent(a, ga.generate(new Object[] {str("y"), 2L, 7})), null);
        writer.write(
                DataChangeEvent.insertEvent(a, ga.generate(new Object[] {str("x"), 1L, 8})), null);
        writer.write(new DropColumnEvent(a, List.of("gone")), null);
        writer.write(new RenameColumnEvent(a, Map.of("v", "value")), null);
        // Primary key change through an update: the old key disappears.
        writer.write(
                DataChangeEvent.updateEvent(
                        a,
                        ga2.generate(new Object[] {str("y"), 2L}),
                        ga2.generate(new Object[] {str("w"), 20L})),
                null);
        writer.write(
                new AddColumnEvent(
                        a,
                        List.of(AddColumnEvent.first(Column.physicalColumn("c", DataTypes.INT())))),
                null);
        writer.close();

        assertThat(Files.readString(dir.resolve("rows-3.txt")))
                .isEqualTo(
                        "db.a | c=null, k=w, value=20\n"
                                + "db.a | c=null, k=x, value=1\n"
                                + "db.b | id=9, amount=1000.0000\n"
                                + "db.b | id=10, amount=0.0001\n");
        assertThat(Files.readString(dir.resolve("schema-3.txt")))
                .isEqualTo(
                        "db.a | columns={`c` INT,`k` STRING NOT NULL,`value` BIGINT},"
                                + " primaryKeys=k, options=()\n"
                                + "db.b | columns={`id` INT NOT NULL,`amount` DECIMAL(12, 4)},"
                                + " primaryKeys=id, options=()\n");
    }

    @Test
    void rowArityMustMatchTheSchema() throws Exception {
        SampleSinkWriter writer = new SampleSinkWriter(dir, 0);
        writer.write(new CreateTableEvent(SampleScript.TABLE, SampleScript.SCHEMA_V1), null);
        BinaryRecordDataGenerator wide =
                gen(DataTypes.INT().notNull(), DataTypes.VARCHAR(20), DataTypes.DECIMAL(10, 2));
        DataChangeEvent tooWide =
                DataChangeEvent.insertEvent(
                        SampleScript.TABLE, wide.generate(new Object[] {1, str("a"), null}));

        assertThatThrownBy(() -> writer.write(tooWide, null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Row arity 3")
                .hasMessageContaining("2 columns");
    }

    @Test
    void dataBeforeCreateTableIsRejected() {
        SampleSinkWriter writer = new SampleSinkWriter(dir, 0);
        BinaryRecordDataGenerator g = gen(DataTypes.INT().notNull());
        assertThatThrownBy(
                        () ->
                                writer.write(
                                        DataChangeEvent.insertEvent(
                                                SampleScript.TABLE, g.generate(new Object[] {1})),
                                        null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("before its CreateTableEvent");
    }

    @Test
    void applierAppendsAndRemembersAcceptedTypes() throws Exception {
        SampleMetadataApplier applier = new SampleMetadataApplier(dir.resolve("nested").toString());
        assertThat(applier.acceptsSchemaEvolutionType(SchemaChangeEventType.DROP_TABLE)).isTrue();
        applier.setAcceptedSchemaEvolutionTypes(Set.of(SchemaChangeEventType.CREATE_TABLE));
        assertThat(applier.acceptsSchemaEvolutionType(SchemaChangeEventType.DROP_TABLE)).isFalse();
        assertThat(applier.acceptsSchemaEvolutionType(SchemaChangeEventType.CREATE_TABLE)).isTrue();

        applier.applySchemaChange(new CreateTableEvent(SampleScript.TABLE, SampleScript.SCHEMA_V1));
        applier.applySchemaChange(new DropColumnEvent(SampleScript.TABLE, List.of("name")));
        assertThat(Files.readString(dir.resolve("nested").resolve("schema-changes.txt")))
                .isEqualTo(
                        "create.table CreateTableEvent{tableId=sample.items, schema=columns={`id`"
                                + " INT NOT NULL,`name` VARCHAR(20)}, primaryKeys=id, options=()}\n"
                                + "drop.column DropColumnEvent{tableId=sample.items,"
                                + " droppedColumnNames=[name]}\n");
    }

    private static BinaryRecordDataGenerator gen(DataType... types) {
        return new BinaryRecordDataGenerator(types);
    }

    private static BinaryStringData str(String s) {
        return BinaryStringData.fromString(s);
    }

    private static DecimalData dec(String s, int precision, int scale) {
        return DecimalData.fromBigDecimal(new BigDecimal(s), precision, scale);
    }
}
