package dev.schemaop.connectors.paimon.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

class PaimonTypesTest {

    @Test
    void everyScalarTypeMapsToItsNamesakeAndBack() {
        List<DataType> types =
                List.of(
                        DataTypes.BOOLEAN(),
                        DataTypes.TINYINT(),
                        DataTypes.SMALLINT(),
                        DataTypes.INT().notNull(),
                        DataTypes.BIGINT(),
                        DataTypes.FLOAT(),
                        DataTypes.DOUBLE(),
                        DataTypes.DECIMAL(12, 4),
                        DataTypes.CHAR(3),
                        DataTypes.VARCHAR(40),
                        DataTypes.STRING(),
                        DataTypes.BINARY(4),
                        DataTypes.VARBINARY(16),
                        DataTypes.BYTES(),
                        DataTypes.DATE(),
                        DataTypes.TIME(3),
                        DataTypes.TIMESTAMP(6),
                        DataTypes.TIMESTAMP_LTZ(3));
        for (DataType type : types) {
            assertThat(PaimonTypes.toPipeline(PaimonTypes.toPaimon(type)))
                    .as(type.asSummaryString())
                    .isEqualTo(type);
        }
        assertThat(PaimonTypes.toPaimon(DataTypes.DECIMAL(12, 4)).asSQLString())
                .isEqualTo("DECIMAL(12, 4)");
        assertThat(PaimonTypes.toPaimon(DataTypes.INT().notNull()).asSQLString())
                .isEqualTo("INT NOT NULL");
    }

    @Test
    void aTimestampWithAZoneKeepsItsInstantAsTimestampLtz() {
        assertThat(PaimonTypes.toPaimon(DataTypes.TIMESTAMP_TZ(6)).asSQLString())
                .isEqualTo("TIMESTAMP(6) WITH LOCAL TIME ZONE");
    }

    @Test
    void nestedTypesAreRefusedWithTheirName() {
        assertThatThrownBy(() -> PaimonTypes.toPaimon(DataTypes.ARRAY(DataTypes.INT())))
                .isInstanceOf(UnsupportedTypeException.class)
                .hasMessage("the Paimon sink does not write columns of type ARRAY<INT>");
    }
}
