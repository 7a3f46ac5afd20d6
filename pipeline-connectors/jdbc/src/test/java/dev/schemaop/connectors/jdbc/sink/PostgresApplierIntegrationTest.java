package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

class PostgresApplierIntegrationTest extends ApplierIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.postgres();
    }

    @Override
    protected String schema() {
        return "jdbc_it_applier_pg";
    }

    @Override
    protected List<DataType> allTypesReadBack() {
        return List.of(
                DataTypes.BOOLEAN(),
                DataTypes.SMALLINT(),
                DataTypes.SMALLINT(),
                DataTypes.INT(),
                DataTypes.BIGINT(),
                DataTypes.FLOAT(),
                DataTypes.DOUBLE(),
                DataTypes.DECIMAL(12, 4),
                DataTypes.CHAR(3),
                DataTypes.VARCHAR(40),
                DataTypes.STRING(),
                DataTypes.BYTES(),
                DataTypes.BYTES(),
                DataTypes.BYTES(),
                DataTypes.DATE(),
                DataTypes.TIME(3),
                DataTypes.TIMESTAMP(3),
                DataTypes.TIMESTAMP_LTZ(6),
                DataTypes.TIMESTAMP_LTZ(3),
                DataTypes.STRING(),
                DataTypes.STRING(),
                DataTypes.STRING());
    }

    @Override
    protected String handMadeTableDdl(String qualifiedName) {
        return "CREATE TABLE "
                + qualifiedName
                + " (k1 integer NOT NULL, k2 varchar(8) NOT NULL, n numeric(7,3), t text,"
                + " ts timestamptz, flag boolean NOT NULL DEFAULT true, small int2, u uuid,"
                + " j jsonb, tt time, PRIMARY KEY (k2, k1))";
    }

    @Override
    protected Schema handMadeTableSchema() {
        return Schema.newBuilder()
                .physicalColumn("k1", DataTypes.INT().notNull())
                .physicalColumn("k2", DataTypes.VARCHAR(8).notNull())
                .physicalColumn("n", DataTypes.DECIMAL(7, 3))
                .physicalColumn("t", DataTypes.STRING())
                .physicalColumn("ts", DataTypes.TIMESTAMP_LTZ(6))
                .physicalColumn("flag", DataTypes.BOOLEAN().notNull(), null, "true")
                .physicalColumn("small", DataTypes.SMALLINT())
                .physicalColumn("u", DataTypes.STRING())
                .physicalColumn("j", DataTypes.STRING())
                .physicalColumn("tt", DataTypes.TIME(6))
                .primaryKey("k2", "k1")
                .build();
    }

    /** PostgreSQL adds at the end only. */
    @Override
    protected List<String> columnsAfterPositionedAdds() {
        return List.of("id", "name", "qty", "price", "x0", "x1", "x2", "x3");
    }

    @Test
    void columnNamesAreCaseSensitive() throws Exception {
        createOrders("case_orders");
        applyTwice(
                new AddColumnEvent(
                        table("case_orders"),
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("Name", DataTypes.INT())))));
        assertThat(names(read("case_orders")))
                .containsExactly("id", "name", "qty", "price", "Name");
        assertThat(applier.isColumnNameCaseSensitive()).isTrue();
        assertThat(
                        applier.normalizeToTargetDataType(
                                table("t"), "c", DataTypes.TINYINT(), orders()))
                .isEqualTo(DataTypes.SMALLINT());
    }

    @Test
    void aTableIdWithoutSchemaGoesToTheDefaultSchema() throws Exception {
        TableId unqualified = TableId.tableId("jdbc_it_applier_pg_default");
        applier.applySchemaChange(new DropTableEvent(unqualified));
        try {
            applier.applySchemaChange(new CreateTableEvent(unqualified, orders()));
            assertThat(db.queryText("SELECT COUNT(*) FROM public.jdbc_it_applier_pg_default"))
                    .containsExactly("0");
            assertThat(applier.getExistingTableSchema(unqualified)).contains(orders());
        } finally {
            applier.applySchemaChange(new DropTableEvent(unqualified));
        }
    }
}
