package dev.schemaop.types;

import static org.apache.flink.cdc.common.types.DataTypes.BIGINT;
import static org.apache.flink.cdc.common.types.DataTypes.DECIMAL;
import static org.apache.flink.cdc.common.types.DataTypes.INT;
import static org.apache.flink.cdc.common.types.DataTypes.STRING;
import static org.apache.flink.cdc.common.types.DataTypes.TIMESTAMP;
import static org.apache.flink.cdc.common.types.DataTypes.TINYINT;
import static org.apache.flink.cdc.common.types.DataTypes.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.RecordData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryRecordData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

class RowReshaperTest {

    /**
     * id widened, name renamed to full_name, age and score retyped, old_col removed, email added.
     */
    private static final Schema SOURCE =
            Schema.newBuilder()
                    .physicalColumn("id", INT().notNull())
                    .physicalColumn("name", VARCHAR(10))
                    .physicalColumn("age", INT())
                    .physicalColumn("score", DECIMAL(5, 2))
                    .physicalColumn("old_col", STRING())
                    .primaryKey("id")
                    .build();

    private static final Schema TARGET =
            Schema.newBuilder()
                    .physicalColumn("id", BIGINT().notNull())
                    .physicalColumn("full_name", VARCHAR(20))
                    .physicalColumn("age", TINYINT())
                    .physicalColumn("score", VARCHAR(5))
                    .physicalColumn("email", STRING())
                    .primaryKey("id")
                    .build();

    private final List<String> discarded = new ArrayList<>();
    private final DiscardListener listener =
            (column, reason) -> discarded.add(column + ":" + reason);

    @Test
    void reshapesByNameAcrossAddedRemovedRetypedAndRenamedColumns() {
        RowReshaper reshaper =
                RowReshaper.between(SOURCE, TARGET, Map.of("name", "full_name"), listener);

        RecordData out = reshaper.reshape(sourceRow(1, "ann", 30, "1.50", "gone"));

        assertThat(reshaper.isIdentity()).isFalse();
        assertThat(out).isInstanceOf(BinaryRecordData.class);
        assertThat(read(out, TARGET)).containsExactly(1L, "ann", (byte) 30, "1.50", null);
        assertThat(discarded).containsExactly("old_col:NOT_IN_TARGET");
    }

    /** SPEC §7: a key column kept under its old name is filled from the new name, as is the new. */
    @Test
    void aSinkKeyColumnKeptUnderItsOldNameIsFedFromTheNewName() {
        Schema upstream =
                Schema.newBuilder()
                        .physicalColumn("uid", INT().notNull())
                        .physicalColumn("name", STRING())
                        .primaryKey("uid")
                        .build();
        Schema sink =
                Schema.newBuilder()
                        .physicalColumn("id", BIGINT().notNull())
                        .physicalColumn("name", STRING())
                        .physicalColumn("uid", INT())
                        .primaryKey("id")
                        .build();
        RowReshaper reshaper = RowReshaper.ontoSink(upstream, sink, Map.of("id", "uid"), listener);

        RecordData out =
                reshaper.reshape(
                        new BinaryRecordDataGenerator(types(upstream))
                                .generate(new Object[] {7, BinaryStringData.fromString("ann")}));

        assertThat(reshaper.isIdentity()).isFalse();
        assertThat(read(out, sink)).containsExactly(7L, "ann", 7);
        assertThat(discarded).isEmpty();
    }

    @Test
    void aFailedConversionIsNullAndCountedOncePerValue() {
        RowReshaper reshaper =
                RowReshaper.between(SOURCE, TARGET, Map.of("name", "full_name"), listener);

        RecordData first = reshaper.reshape(sourceRow(2, "bob", 300, "123.45", null));
        RecordData second = reshaper.reshape(sourceRow(3, "cy", 1000, "1.00", null));

        assertThat(read(first, TARGET)).containsExactly(2L, "bob", null, null, null);
        assertThat(read(second, TARGET)).containsExactly(3L, "cy", null, "1.00", null);
        assertThat(discarded)
                .containsExactly(
                        "age:CONVERSION_FAILED",
                        "score:CONVERSION_FAILED",
                        "age:CONVERSION_FAILED");
    }

    @Test
    void nullsAreNeverReportedAsDiscarded() {
        RowReshaper reshaper =
                RowReshaper.between(SOURCE, TARGET, Map.of("name", "full_name"), listener);

        RecordData out = reshaper.reshape(sourceRow(4, null, null, null, null));

        assertThat(read(out, TARGET)).containsExactly(4L, null, null, null, null);
        assertThat(discarded).isEmpty();
    }

    @Test
    void withoutTheRenameTheOldNameIsNotInTargetAndTheNewOneIsNull() {
        RowReshaper reshaper = RowReshaper.between(SOURCE, TARGET, Map.of(), listener);

        RecordData out = reshaper.reshape(sourceRow(5, "dee", 7, "0.01", null));

        assertThat(read(out, TARGET)).containsExactly(5L, null, (byte) 7, "0.01", null);
        assertThat(discarded).containsExactly("name:NOT_IN_TARGET");
    }

    @Test
    void equalSchemasWithoutRenamesAreTheIdentity() {
        RowReshaper reshaper = RowReshaper.between(SOURCE, SOURCE, Map.of(), listener);
        RecordData row = sourceRow(6, "eve", 1, "2.00", "kept");

        assertThat(reshaper.isIdentity()).isTrue();
        assertThat(reshaper.reshape(row)).isSameAs(row);
        assertThat(
                        RowReshaper.between(SOURCE, SOURCE, Map.of("no_such_column", "x"), listener)
                                .isIdentity())
                .as("a rename of a column the source lacks changes nothing")
                .isTrue();
        assertThat(discarded).isEmpty();
    }

    @Test
    void anEffectiveRenameOrATypeChangeIsNotTheIdentity() {
        Schema renamed = schema("id", INT().notNull(), "label", VARCHAR(10));
        Schema original = schema("id", INT().notNull(), "name", VARCHAR(10));

        assertThat(
                        RowReshaper.between(original, original, Map.of("name", "name"), listener)
                                .isIdentity())
                .isTrue();
        assertThat(
                        RowReshaper.between(original, renamed, Map.of("name", "label"), listener)
                                .isIdentity())
                .isFalse();
        assertThat(
                        RowReshaper.between(
                                        original,
                                        schema("id", INT().notNull(), "name", VARCHAR(11)),
                                        Map.of(),
                                        listener)
                                .isIdentity())
                .isFalse();
        assertThat(
                        RowReshaper.between(
                                        original,
                                        schema("id", INT(), "name", VARCHAR(10)),
                                        Map.of(),
                                        listener)
                                .isIdentity())
                .as("NOT NULL relaxed to nullable keeps the binary layout")
                .isTrue();
    }

    @Test
    void widenedTemporalAndDecimalColumnsAreRewrittenInTheTargetLayout() {
        Schema from = schema("ts", TIMESTAMP(3), "amount", DECIMAL(5, 2));
        Schema to = schema("ts", TIMESTAMP(6), "amount", DECIMAL(20, 4));
        RecordData row =
                new BinaryRecordDataGenerator(types(from))
                        .generate(
                                new Object[] {
                                    TimestampData.fromMillis(1_700_000_000_123L),
                                    DecimalData.fromBigDecimal(new BigDecimal("-12.34"), 5, 2)
                                });

        RecordData out = RowReshaper.between(from, to, Map.of(), listener).reshape(row);

        List<Object> values = read(out, to);
        assertThat(values.get(0)).isEqualTo(TimestampData.fromMillis(1_700_000_000_123L));
        assertThat(((DecimalData) values.get(1)).toBigDecimal())
                .isEqualTo(new BigDecimal("-12.3400"));
        assertThat(discarded).isEmpty();
    }

    /**
     * SPEC §3: a row of the version before an applied ALTER COLUMN TYPE (a lagging split, a replay)
     * comes out as the sink converted the text it stored; what is no literal of the new type is
     * null and counted.
     */
    @Test
    void aRowOfTheVersionBeforeAnAlterOfTextIntoANumberCarriesItsLiteralValue() {
        Schema before = schema("id", INT(), "qty", VARCHAR(10));
        Schema after = schema("id", INT(), "qty", INT());
        RowReshaper reshaper =
                RowReshaper.acrossAppliedChanges(before, after, Map.of(), Set.of(), listener);
        BinaryRecordDataGenerator rows = new BinaryRecordDataGenerator(types(before));

        RecordData literal =
                reshaper.reshape(
                        rows.generate(new Object[] {1, BinaryStringData.fromString("30")}));
        RecordData notANumber =
                reshaper.reshape(
                        rows.generate(new Object[] {2, BinaryStringData.fromString("thirty")}));

        assertThat(read(literal, after)).containsExactly(1, 30);
        assertThat(read(notANumber, after)).containsExactly(2, null);
        assertThat(discarded).containsExactly("qty:CONVERSION_FAILED");
    }

    /**
     * A lagging row's value of a column the sink dropped since goes as the DROP removed it from the
     * stored rows: nothing was lost that the sink would have kept, so nothing is counted. A column
     * the target lacks for another reason still is.
     */
    @Test
    void aValueOfAColumnTheSinkDroppedSinceIsNotCountedAsDiscarded() {
        Schema before = schema("id", INT(), "note", VARCHAR(10), "memo", VARCHAR(10));
        Schema after = schema("id", INT());
        RowReshaper reshaper =
                RowReshaper.acrossAppliedChanges(before, after, Map.of(), Set.of("note"), listener);

        RecordData out =
                reshaper.reshape(
                        new BinaryRecordDataGenerator(types(before))
                                .generate(
                                        new Object[] {
                                            1,
                                            BinaryStringData.fromString("n1"),
                                            BinaryStringData.fromString("m1")
                                        }));

        assertThat(read(out, after)).containsExactly(1);
        assertThat(discarded).containsExactly("memo:NOT_IN_TARGET");
    }

    @Test
    void aColumnDroppedUnderItsNewNameIsRecognisedAcrossTheRename() {
        Schema before = schema("id", INT(), "note", VARCHAR(10));
        Schema after = schema("id", INT());
        RowReshaper reshaper =
                RowReshaper.acrossAppliedChanges(
                        before, after, Map.of("note", "remark"), Set.of("remark"), listener);

        reshaper.reshape(
                new BinaryRecordDataGenerator(types(before))
                        .generate(new Object[] {1, BinaryStringData.fromString("n1")}));

        assertThat(discarded).isEmpty();
    }

    @Test
    void textIntoANumberColumnTheSinkNeverChangedIsNull() {
        Schema upstream = schema("id", INT(), "qty", VARCHAR(10));
        Schema sink = schema("id", INT(), "qty", INT());
        RowReshaper reshaper = RowReshaper.between(upstream, sink, Map.of(), listener);

        RecordData out =
                reshaper.reshape(
                        new BinaryRecordDataGenerator(types(upstream))
                                .generate(new Object[] {1, BinaryStringData.fromString("30")}));

        assertThat(read(out, sink))
                .as("e.g. IGNORE: the upstream retyped the column, the sink kept its type")
                .containsExactly(1, null);
    }

    @Test
    void nullIntoNotNullIsWrittenAndReportedOnceUnlessAConversionFailed() {
        Schema from = schema("id", INT(), "code", INT());
        Schema to =
                Schema.newBuilder()
                        .physicalColumn("id", INT().notNull())
                        .physicalColumn("code", TINYINT().notNull())
                        .physicalColumn("region", STRING().notNull())
                        .build();
        RowReshaper reshaper = RowReshaper.between(from, to, Map.of(), listener);
        BinaryRecordDataGenerator rows = new BinaryRecordDataGenerator(types(from));

        RecordData out = reshaper.reshape(rows.generate(new Object[] {null, 999}));

        assertThat(reshaper.isIdentity()).isFalse();
        assertThat(read(out, to)).containsExactly(null, null, null);
        assertThat(discarded)
                .containsExactly(
                        "id:NULL_INTO_NOT_NULL",
                        "code:CONVERSION_FAILED",
                        "region:NULL_INTO_NOT_NULL");
    }

    @Test
    void twoSourceColumnsFeedingOneTargetColumnAreRejected() {
        Schema from = schema("a", INT(), "b", INT());
        Schema to = schema("b", INT(), "c", INT());

        assertThatThrownBy(() -> RowReshaper.between(from, to, Map.of("a", "b"), listener))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'a' and 'b' both map to target column 'b'");
    }

    private static RecordData sourceRow(
            int id, String name, Integer age, String score, String oldCol) {
        return new BinaryRecordDataGenerator(types(SOURCE))
                .generate(
                        new Object[] {
                            id,
                            name == null ? null : BinaryStringData.fromString(name),
                            age,
                            score == null
                                    ? null
                                    : DecimalData.fromBigDecimal(new BigDecimal(score), 5, 2),
                            oldCol == null ? null : BinaryStringData.fromString(oldCol)
                        });
    }

    /** The row's values through field getters of the schema's types; text as String. */
    private static List<Object> read(RecordData row, Schema schema) {
        List<DataType> types = schema.getColumnDataTypes();
        assertThat(row.getArity()).isEqualTo(types.size());
        Object[] values = new Object[types.size()];
        for (int i = 0; i < values.length; i++) {
            Object value =
                    RecordData.createFieldGetter(types.get(i).copy(true), i).getFieldOrNull(row);
            values[i] = value instanceof BinaryStringData ? value.toString() : value;
        }
        return Arrays.asList(values);
    }

    private static DataType[] types(Schema schema) {
        return schema.getColumnDataTypes().toArray(new DataType[0]);
    }

    /** Columns given as name, type, name, type, ... */
    private static Schema schema(Object... namesAndTypes) {
        Schema.Builder builder = Schema.newBuilder();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            builder.physicalColumn((String) namesAndTypes[i], (DataType) namesAndTypes[i + 1]);
        }
        return builder.build();
    }
}
