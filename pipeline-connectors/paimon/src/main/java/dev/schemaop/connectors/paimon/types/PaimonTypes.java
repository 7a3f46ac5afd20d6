package dev.schemaop.connectors.paimon.types;

import org.apache.flink.cdc.common.types.DataTypeChecks;
import org.apache.flink.cdc.common.types.DataTypes;

/**
 * Pipeline types to Paimon types and back. Every scalar type has its namesake in Paimon; a type
 * with a time zone (TIMESTAMP_TZ) becomes Paimon's TIMESTAMP_LTZ (Paimon keeps no zone; the instant
 * is kept). Nested types (ARRAY, MAP, ROW) are not written by this sink.
 */
public final class PaimonTypes {
    private PaimonTypes() {}

    public static org.apache.paimon.types.DataType toPaimon(
            org.apache.flink.cdc.common.types.DataType type) {
        org.apache.paimon.types.DataType paimon;
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                paimon = org.apache.paimon.types.DataTypes.BOOLEAN();
                break;
            case TINYINT:
                paimon = org.apache.paimon.types.DataTypes.TINYINT();
                break;
            case SMALLINT:
                paimon = org.apache.paimon.types.DataTypes.SMALLINT();
                break;
            case INTEGER:
                paimon = org.apache.paimon.types.DataTypes.INT();
                break;
            case BIGINT:
                paimon = org.apache.paimon.types.DataTypes.BIGINT();
                break;
            case FLOAT:
                paimon = org.apache.paimon.types.DataTypes.FLOAT();
                break;
            case DOUBLE:
                paimon = org.apache.paimon.types.DataTypes.DOUBLE();
                break;
            case DECIMAL:
                paimon =
                        org.apache.paimon.types.DataTypes.DECIMAL(
                                DataTypeChecks.getPrecision(type), DataTypeChecks.getScale(type));
                break;
            case CHAR:
                paimon = org.apache.paimon.types.DataTypes.CHAR(DataTypeChecks.getLength(type));
                break;
            case VARCHAR:
                paimon = org.apache.paimon.types.DataTypes.VARCHAR(DataTypeChecks.getLength(type));
                break;
            case BINARY:
                paimon = org.apache.paimon.types.DataTypes.BINARY(DataTypeChecks.getLength(type));
                break;
            case VARBINARY:
                paimon =
                        org.apache.paimon.types.DataTypes.VARBINARY(DataTypeChecks.getLength(type));
                break;
            case DATE:
                paimon = org.apache.paimon.types.DataTypes.DATE();
                break;
            case TIME_WITHOUT_TIME_ZONE:
                paimon = org.apache.paimon.types.DataTypes.TIME(DataTypeChecks.getPrecision(type));
                break;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                paimon =
                        org.apache.paimon.types.DataTypes.TIMESTAMP(
                                DataTypeChecks.getPrecision(type));
                break;
            case TIMESTAMP_WITH_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                paimon =
                        org.apache.paimon.types.DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(
                                DataTypeChecks.getPrecision(type));
                break;
            default:
                throw new UnsupportedTypeException(
                        "the Paimon sink does not write columns of type " + type.asSummaryString());
        }
        return paimon.copy(type.isNullable());
    }

    public static org.apache.flink.cdc.common.types.DataType toPipeline(
            org.apache.paimon.types.DataType type) {
        org.apache.flink.cdc.common.types.DataType pipeline;
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                pipeline = DataTypes.BOOLEAN();
                break;
            case TINYINT:
                pipeline = DataTypes.TINYINT();
                break;
            case SMALLINT:
                pipeline = DataTypes.SMALLINT();
                break;
            case INTEGER:
                pipeline = DataTypes.INT();
                break;
            case BIGINT:
                pipeline = DataTypes.BIGINT();
                break;
            case FLOAT:
                pipeline = DataTypes.FLOAT();
                break;
            case DOUBLE:
                pipeline = DataTypes.DOUBLE();
                break;
            case DECIMAL:
                pipeline =
                        DataTypes.DECIMAL(
                                org.apache.paimon.types.DataTypeChecks.getPrecision(type),
                                org.apache.paimon.types.DataTypeChecks.getScale(type));
                break;
            case CHAR:
                pipeline = DataTypes.CHAR(org.apache.paimon.types.DataTypeChecks.getLength(type));
                break;
            case VARCHAR:
                pipeline =
                        DataTypes.VARCHAR(org.apache.paimon.types.DataTypeChecks.getLength(type));
                break;
            case BINARY:
                pipeline = DataTypes.BINARY(org.apache.paimon.types.DataTypeChecks.getLength(type));
                break;
            case VARBINARY:
                pipeline =
                        DataTypes.VARBINARY(org.apache.paimon.types.DataTypeChecks.getLength(type));
                break;
            case DATE:
                pipeline = DataTypes.DATE();
                break;
            case TIME_WITHOUT_TIME_ZONE:
                pipeline =
                        DataTypes.TIME(org.apache.paimon.types.DataTypeChecks.getPrecision(type));
                break;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                pipeline =
                        DataTypes.TIMESTAMP(
                                org.apache.paimon.types.DataTypeChecks.getPrecision(type));
                break;
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                pipeline =
                        DataTypes.TIMESTAMP_LTZ(
                                org.apache.paimon.types.DataTypeChecks.getPrecision(type));
                break;
            default:
                throw new UnsupportedTypeException(
                        "the Paimon sink does not read columns of type " + type.asSQLString());
        }
        return type.isNullable() ? pipeline.nullable() : pipeline.notNull();
    }
}
