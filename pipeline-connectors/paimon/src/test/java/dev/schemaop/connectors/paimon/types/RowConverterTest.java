package dev.schemaop.connectors.paimon.types;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.data.DateData;
import org.apache.flink.cdc.common.data.DecimalData;
import org.apache.flink.cdc.common.data.LocalZonedTimestampData;
import org.apache.flink.cdc.common.data.TimeData;
import org.apache.flink.cdc.common.data.TimestampData;
import org.apache.flink.cdc.common.data.binary.BinaryStringData;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.BinaryRecordDataGenerator;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowKind;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;

class RowConverterTest {

    private static final List<Column> COLUMNS =
            List.of(
                    Column.physicalColumn("b", DataTypes.BOOLEAN()),
                    Column.physicalColumn("t", DataTypes.TINYINT()),
                    Column.physicalColumn("s", DataTypes.SMALLINT()),
                    Column.physicalColumn("i", DataTypes.INT().notNull()),
                    Column.physicalColumn("l", DataTypes.BIGINT()),
                    Column.physicalColumn("f", DataTypes.FLOAT()),
                    Column.physicalColumn("d", DataTypes.DOUBLE()),
                    Column.physicalColumn("dec", DataTypes.DECIMAL(12, 4)),
                    Column.physicalColumn("c", DataTypes.CHAR(3)),
                    Column.physicalColumn("v", DataTypes.VARCHAR(20)),
                    Column.physicalColumn("bin", DataTypes.VARBINARY(8)),
                    Column.physicalColumn("day", DataTypes.DATE()),
                    Column.physicalColumn("tod", DataTypes.TIME(3)),
                    Column.physicalColumn("ts", DataTypes.TIMESTAMP(6)),
                    Column.physicalColumn("ltz", DataTypes.TIMESTAMP_LTZ(3)),
                    Column.physicalColumn("none", DataTypes.INT()));

    private static List<DataField> paimonFields(List<Column> columns) {
        List<DataField> fields = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            fields.add(
                    new DataField(
                            i,
                            columns.get(i).getName(),
                            PaimonTypes.toPaimon(columns.get(i).getType())));
        }
        return fields;
    }

    @Test
    void everyValueTakesPaimonsInternalForm() {
        Schema schema = Schema.newBuilder().setColumns(COLUMNS).build();
        DataType[] types = COLUMNS.stream().map(Column::getType).toArray(DataType[]::new);
        Object[] values = {
            true,
            (byte) 1,
            (short) 2,
            3,
            4L,
            5.5f,
            6.25d,
            DecimalData.fromBigDecimal(new BigDecimal("7.1234"), 12, 4),
            BinaryStringData.fromString("abc"),
            BinaryStringData.fromString("text"),
            new byte[] {1, 2},
            DateData.fromLocalDate(LocalDate.of(2024, 2, 29)),
            TimeData.fromLocalTime(LocalTime.of(12, 34, 56, 789_000_000)),
            TimestampData.fromLocalDateTime(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000)),
            LocalZonedTimestampData.fromInstant(Instant.parse("2024-01-02T03:04:05.678Z")),
            null
        };

        GenericRow row =
                new RowConverter(schema, paimonFields(COLUMNS), true)
                        .convert(
                                new BinaryRecordDataGenerator(types).generate(values),
                                RowKind.DELETE);

        assertThat(row.getRowKind()).isEqualTo(RowKind.DELETE);
        assertThat(row.getField(0)).isEqualTo(true);
        assertThat(row.getField(1)).isEqualTo((byte) 1);
        assertThat(row.getField(2)).isEqualTo((short) 2);
        assertThat(row.getField(3)).isEqualTo(3);
        assertThat(row.getField(4)).isEqualTo(4L);
        assertThat(row.getField(5)).isEqualTo(5.5f);
        assertThat(row.getField(6)).isEqualTo(6.25d);
        assertThat(row.getField(7))
                .isEqualTo(Decimal.fromBigDecimal(new BigDecimal("7.1234"), 12, 4));
        assertThat(row.getField(8)).isEqualTo(BinaryString.fromString("abc"));
        assertThat(row.getField(9)).isEqualTo(BinaryString.fromString("text"));
        assertThat((byte[]) row.getField(10)).containsExactly(1, 2);
        assertThat(row.getField(11)).isEqualTo((int) LocalDate.of(2024, 2, 29).toEpochDay());
        assertThat(row.getField(12))
                .isEqualTo(LocalTime.of(12, 34, 56, 789_000_000).toSecondOfDay() * 1000 + 789);
        assertThat(row.getField(13))
                .isEqualTo(
                        Timestamp.fromLocalDateTime(
                                LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000)));
        assertThat(row.getField(14))
                .isEqualTo(Timestamp.fromInstant(Instant.parse("2024-01-02T03:04:05.678Z")));
        assertThat(row.isNullAt(15)).isTrue();
    }

    @Test
    void fieldsAreReadByNameAndAMissingOneIsNull() {
        Schema pipeline =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT())
                        .physicalColumn("qty", DataTypes.INT())
                        .build();
        List<DataField> paimon =
                List.of(
                        new DataField(0, "qty", org.apache.paimon.types.DataTypes.BIGINT()),
                        new DataField(1, "legacy", org.apache.paimon.types.DataTypes.INT()),
                        new DataField(2, "id", org.apache.paimon.types.DataTypes.INT()));

        GenericRow row =
                new RowConverter(pipeline, paimon, true)
                        .convert(
                                new BinaryRecordDataGenerator(
                                                new DataType[] {DataTypes.INT(), DataTypes.INT()})
                                        .generate(new Object[] {1, 70000}),
                                RowKind.INSERT);

        assertThat(row.getField(0)).as("widened into the table's BIGINT").isEqualTo(70000L);
        assertThat(row.isNullAt(1)).isTrue();
        assertThat(row.getField(2)).isEqualTo(1);
    }
}
