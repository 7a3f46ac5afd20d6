package dev.schemaop.connectors.jdbc.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataType;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class MariaDbApplierIntegrationTest extends ApplierIntegrationTestBase {

    @Override
    protected JdbcEndpoints.Endpoint endpoint() {
        return JdbcEndpoints.mariadb();
    }

    @Override
    protected String schema() {
        return "jdbc_it_applier_maria";
    }

    @Override
    protected List<DataType> allTypesReadBack() {
        return List.of(
                DataTypes.BOOLEAN(),
                DataTypes.TINYINT(),
                DataTypes.SMALLINT(),
                DataTypes.INT(),
                DataTypes.BIGINT(),
                DataTypes.FLOAT(),
                DataTypes.DOUBLE(),
                DataTypes.DECIMAL(12, 4),
                DataTypes.CHAR(3),
                DataTypes.VARCHAR(40),
                DataTypes.STRING(),
                DataTypes.BINARY(4),
                DataTypes.VARBINARY(40),
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
                + " (k1 INT NOT NULL, k2 VARCHAR(8) NOT NULL, n DECIMAL(7,3), t TEXT,"
                + " ts TIMESTAMP(3) NULL, flag TINYINT(1) NOT NULL DEFAULT 1, u INT UNSIGNED,"
                + " big BIGINT UNSIGNED, e ENUM('a','b'), d DATETIME, PRIMARY KEY (k2, k1))";
    }

    @Override
    protected Schema handMadeTableSchema() {
        return Schema.newBuilder()
                .physicalColumn("k1", DataTypes.INT().notNull())
                .physicalColumn("k2", DataTypes.VARCHAR(8).notNull())
                .physicalColumn("n", DataTypes.DECIMAL(7, 3))
                .physicalColumn("t", DataTypes.STRING())
                .physicalColumn("ts", DataTypes.TIMESTAMP_LTZ(3))
                .physicalColumn("flag", DataTypes.BOOLEAN().notNull(), null, "1")
                .physicalColumn("u", DataTypes.BIGINT())
                .physicalColumn("big", DataTypes.DECIMAL(20, 0))
                .physicalColumn("e", DataTypes.STRING())
                .physicalColumn("d", DataTypes.TIMESTAMP(0))
                .primaryKey("k2", "k1")
                .build();
    }

    @Override
    protected List<String> columnsAfterPositionedAdds() {
        return List.of("x0", "id", "name", "x1", "x2", "qty", "price", "x3");
    }

    @Test
    void modifyColumnKeepsNullabilityDefaultAndComment() throws Exception {
        db.execute(
                "CREATE TABLE "
                        + db.table("modify_keeps")
                        + " (id INT NOT NULL PRIMARY KEY,"
                        + " v INT NOT NULL DEFAULT 7 COMMENT 'it''s seven',"
                        + " s VARCHAR(5) NULL DEFAULT 'x' COMMENT 'text')");
        db.execute("INSERT INTO " + db.table("modify_keeps") + " (id) VALUES (1)");
        applyTwice(
                new AlterColumnTypeEvent(
                        table("modify_keeps"),
                        Map.of("v", DataTypes.BIGINT().notNull(), "s", DataTypes.VARCHAR(9))));
        assertThat(
                        db.queryText(
                                "SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT,"
                                        + " COLUMN_COMMENT FROM information_schema.COLUMNS WHERE"
                                        + " TABLE_SCHEMA = '"
                                        + schema()
                                        + "' AND TABLE_NAME = 'modify_keeps' ORDER BY"
                                        + " ORDINAL_POSITION"))
                .containsExactly(
                        "id, int(11), NO, null, ",
                        "v, bigint(20), NO, 7, it's seven",
                        "s, varchar(9), YES, 'x', text");
        assertThat(db.rows("modify_keeps", "id")).containsExactly("1, 7, x");
    }

    @Test
    void columnNamesAreCaseInsensitive() throws Exception {
        createOrders("case_orders");
        // "QTY" is the column "qty": it exists with that type
        applyTwice(
                new AddColumnEvent(
                        table("case_orders"),
                        List.of(
                                AddColumnEvent.last(
                                        Column.physicalColumn("QTY", DataTypes.INT())))));
        assertThat(names(read("case_orders"))).containsExactly("id", "name", "qty", "price");
        applyTwice(new RenameColumnEvent(table("case_orders"), Map.of("QTY", "Qty")));
        assertThat(names(read("case_orders"))).containsExactly("id", "name", "Qty", "price");
        assertThat(applier.isColumnNameCaseSensitive()).isFalse();
        assertThat(
                        applier.normalizeToTargetDataType(
                                table("t"), "c", DataTypes.TINYINT(), orders()))
                .isEqualTo(DataTypes.TINYINT());
        // a TEXT key is created as VARCHAR(768)
        assertThat(
                        applier.normalizeToTargetDataType(
                                table("t"), "ID", DataTypes.STRING().notNull(), orders()))
                .isEqualTo(DataTypes.VARCHAR(768).notNull());
    }

    @Test
    void aTableIdWithoutDatabaseIsRefused() {
        assertThatThrownBy(
                        () ->
                                applier.applySchemaChange(
                                        new CreateTableEvent(TableId.tableId("orders"), orders())))
                .satisfies(evolveMessageContains("has no database part"));
    }
}
