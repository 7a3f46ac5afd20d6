package dev.schemaop.connectors.jdbc.ddl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;
import dev.schemaop.connectors.jdbc.dialect.MariaDbDialect;
import dev.schemaop.connectors.jdbc.dialect.PostgresDialect;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

/** What {@code check} prints for an expansion and a repair, in each database's own DDL. */
class ChangeStatementsTest {
    private static final TableId T = TableId.tableId("shop", "or\"ders`");
    private static final TablePath PATH = new TablePath("shop", "or\"ders`");
    private static final Schema CURRENT =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("qty", DataTypes.SMALLINT().notNull(), null, "0")
                    .primaryKey("id")
                    .build();
    private static final AddColumnEvent ADD =
            new AddColumnEvent(
                    T,
                    List.of(
                            AddColumnEvent.last(
                                    Column.physicalColumn("score", DataTypes.DOUBLE()))));
    private static final AlterColumnTypeEvent WIDEN_AND_NULLABLE =
            new AlterColumnTypeEvent(
                    T,
                    Map.of("qty", DataTypes.INT()),
                    Map.of("qty", DataTypes.SMALLINT().notNull()));

    private static List<String> statements(JdbcDialect dialect, Object change) {
        ChangeStatements statements = new ChangeStatements(dialect);
        return change instanceof List<?> key
                ? statements.primaryKey(PATH, key.stream().map(Object::toString).toList())
                : statements.of(PATH, (SchemaChangeEvent) change, CURRENT);
    }

    @Test
    void postgresql() {
        PostgresDialect postgres = new PostgresDialect();
        assertThat(statements(postgres, ADD))
                .containsExactly(
                        "ALTER TABLE \"shop\".\"or\"\"ders`\" ADD COLUMN \"score\" double precision");
        assertThat(statements(postgres, WIDEN_AND_NULLABLE))
                .containsExactly(
                        "ALTER TABLE \"shop\".\"or\"\"ders`\" ALTER COLUMN \"qty\" TYPE integer USING \"qty\"::integer,"
                                + " ALTER COLUMN \"qty\" DROP NOT NULL");
        assertThat(statements(postgres, List.of("code")))
                .containsExactly(
                        "ALTER TABLE \"shop\".\"or\"\"ders`\" DROP CONSTRAINT IF EXISTS"
                                + " \"or\"\"ders`_pkey\", ADD PRIMARY KEY (\"code\")");
    }

    @Test
    void mariadb() {
        MariaDbDialect mariadb = new MariaDbDialect();
        assertThat(statements(mariadb, ADD))
                .containsExactly("ALTER TABLE `shop`.`or\"ders``` ADD COLUMN `score` DOUBLE NULL");
        assertThat(statements(mariadb, WIDEN_AND_NULLABLE))
                .containsExactly(
                        "ALTER TABLE `shop`.`or\"ders``` MODIFY COLUMN `qty` INT NULL DEFAULT 0");
        assertThat(statements(mariadb, List.of("code")))
                .containsExactly(
                        "ALTER TABLE `shop`.`or\"ders``` DROP PRIMARY KEY, ADD PRIMARY KEY (`code`)");
    }
}
