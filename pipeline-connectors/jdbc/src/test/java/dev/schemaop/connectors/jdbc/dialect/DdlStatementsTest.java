package dev.schemaop.connectors.jdbc.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.jdbc.catalog.ExistingColumn;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.types.SqlType;

import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

/** The DDL text of every change type per dialect. */
class DdlStatementsTest {

    private static final TablePath T = new TablePath("shop", "orders");
    private final PostgresDialect postgres = new PostgresDialect();
    private final MariaDbDialect mariadb = new MariaDbDialect();

    private static final Schema ORDERS =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.BIGINT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(20), "the name")
                    .physicalColumn("code", DataTypes.STRING())
                    .physicalColumn("price", DataTypes.DECIMAL(10, 2).notNull())
                    .primaryKey("id", "code")
                    .comment("orders")
                    .build();

    @Test
    void createSchemaAndTable() {
        assertThat(postgres.createSchemaIfMissing("shop"))
                .isEqualTo("CREATE SCHEMA IF NOT EXISTS \"shop\"");
        assertThat(postgres.createTable(T, ORDERS))
                .containsExactly(
                        "CREATE TABLE IF NOT EXISTS \"shop\".\"orders\" (\"id\" bigint NOT NULL,"
                                + " \"name\" character varying(20), \"code\" text NOT NULL,"
                                + " \"price\" numeric(10,2) NOT NULL,"
                                + " PRIMARY KEY (\"id\", \"code\"))",
                        "COMMENT ON TABLE \"shop\".\"orders\" IS 'orders'",
                        "COMMENT ON COLUMN \"shop\".\"orders\".\"name\" IS 'the name'");

        assertThat(mariadb.createSchemaIfMissing("shop"))
                .isEqualTo(
                        "CREATE DATABASE IF NOT EXISTS `shop` CHARACTER SET utf8mb4"
                                + " COLLATE utf8mb4_bin");
        assertThat(mariadb.createTable(T, ORDERS))
                .containsExactly(
                        "CREATE TABLE IF NOT EXISTS `shop`.`orders` (`id` BIGINT NOT NULL,"
                                + " `name` VARCHAR(20) NULL COMMENT 'the name',"
                                + " `code` VARCHAR(768) NOT NULL,"
                                + " `price` DECIMAL(10,2) NOT NULL,"
                                + " PRIMARY KEY (`id`, `code`))"
                                + " DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin COMMENT='orders'");
    }

    @Test
    void addColumn() {
        Column c = Column.physicalColumn("note", DataTypes.VARCHAR(5), "a note");
        assertThat(postgres.addColumn(T, c, true, ColumnPlacement.first()))
                .containsExactly(
                        "ALTER TABLE \"shop\".\"orders\" ADD COLUMN \"note\" character varying(5)",
                        "COMMENT ON COLUMN \"shop\".\"orders\".\"note\" IS 'a note'");
        assertThat(mariadb.addColumn(T, c, true, ColumnPlacement.first()))
                .containsExactly(
                        "ALTER TABLE `shop`.`orders` ADD COLUMN `note` VARCHAR(5) NULL"
                                + " COMMENT 'a note' FIRST");
        Column d = Column.physicalColumn("d", DataTypes.DATE());
        assertThat(mariadb.addColumn(T, d, true, ColumnPlacement.after("name")))
                .containsExactly(
                        "ALTER TABLE `shop`.`orders` ADD COLUMN `d` DATE NULL AFTER `name`");
        assertThat(mariadb.addColumn(T, d, false, ColumnPlacement.last()))
                .containsExactly("ALTER TABLE `shop`.`orders` ADD COLUMN `d` DATE NOT NULL");
    }

    private static ColumnAlteration newType(ExistingColumn column, String sqlType) {
        return ColumnAlteration.newType(
                column, DataTypes.STRING(), DataTypes.STRING(), sqlType, false);
    }

    @Test
    void alterColumnTypeKeepsValuesAndAttributes() {
        ExistingColumn pgName =
                new ExistingColumn(
                        "name",
                        SqlType.parse("character varying(20)"),
                        DataTypes.VARCHAR(20).notNull(),
                        null,
                        null,
                        null);
        assertThat(postgres.alterColumns(T, List.of(newType(pgName, "character varying(40)"))))
                .isEqualTo(
                        "ALTER TABLE \"shop\".\"orders\" ALTER COLUMN \"name\" TYPE"
                                + " character varying(40) USING \"name\"::character varying(40)");
        assertThat(postgres.alterColumns(T, List.of(ColumnAlteration.nullable(pgName))))
                .isEqualTo("ALTER TABLE \"shop\".\"orders\" ALTER COLUMN \"name\" DROP NOT NULL");

        ExistingColumn mariaName =
                new ExistingColumn(
                        "name",
                        SqlType.parse("varchar(20)"),
                        DataTypes.VARCHAR(20).notNull(),
                        "'none'",
                        "it's the name",
                        "");
        assertThat(mariadb.alterColumns(T, List.of(newType(mariaName, "VARCHAR(40)"))))
                .isEqualTo(
                        "ALTER TABLE `shop`.`orders` MODIFY COLUMN `name` VARCHAR(40) NOT NULL"
                                + " DEFAULT 'none' COMMENT 'it''s the name'");
        assertThat(mariadb.alterColumns(T, List.of(ColumnAlteration.nullable(mariaName))))
                .isEqualTo(
                        "ALTER TABLE `shop`.`orders` MODIFY COLUMN `name` varchar(20) NULL"
                                + " DEFAULT 'none' COMMENT 'it''s the name'");
        ExistingColumn counter =
                new ExistingColumn(
                        "n",
                        SqlType.parse("int(11)"),
                        DataTypes.INT().notNull(),
                        null,
                        null,
                        "auto_increment");
        assertThat(mariadb.alterColumns(T, List.of(newType(counter, "BIGINT"))))
                .isEqualTo(
                        "ALTER TABLE `shop`.`orders` MODIFY COLUMN `n` BIGINT NOT NULL"
                                + " AUTO_INCREMENT");
        ExistingColumn updated =
                new ExistingColumn(
                        "ts",
                        SqlType.parse("datetime(3)"),
                        DataTypes.TIMESTAMP(3),
                        "current_timestamp(3)",
                        null,
                        "on update current_timestamp(3)");
        assertThat(mariadb.alterColumns(T, List.of(newType(updated, "DATETIME(6)"))))
                .isEqualTo(
                        "ALTER TABLE `shop`.`orders` MODIFY COLUMN `ts` DATETIME(6) NULL"
                                + " DEFAULT current_timestamp(3) on update current_timestamp(3)");
    }

    /** All columns of one change in one statement: the database applies all of it or nothing. */
    @Test
    void theColumnsOfOneChangeAlterInOneStatement() {
        ExistingColumn pgName =
                new ExistingColumn(
                        "name",
                        SqlType.parse("character varying(20)"),
                        DataTypes.VARCHAR(20).notNull(),
                        null,
                        null,
                        null);
        ExistingColumn pgPrice =
                new ExistingColumn(
                        "price",
                        SqlType.parse("numeric(12,4)"),
                        DataTypes.DECIMAL(12, 4),
                        null,
                        null,
                        null);
        assertThat(
                        postgres.alterColumns(
                                T,
                                List.of(
                                        ColumnAlteration.newType(
                                                pgName,
                                                DataTypes.VARCHAR(5),
                                                DataTypes.VARCHAR(5),
                                                "character varying(5)",
                                                true),
                                        newType(pgPrice, "numeric(10,2)"))))
                .isEqualTo(
                        "ALTER TABLE \"shop\".\"orders\" ALTER COLUMN \"name\" TYPE"
                                + " character varying(5) USING \"name\"::character varying(5),"
                                + " ALTER COLUMN \"name\" DROP NOT NULL,"
                                + " ALTER COLUMN \"price\" TYPE numeric(10,2) USING"
                                + " \"price\"::numeric(10,2)");
        ExistingColumn mariaName =
                new ExistingColumn(
                        "name",
                        SqlType.parse("varchar(20)"),
                        DataTypes.VARCHAR(20),
                        null,
                        null,
                        null);
        ExistingColumn mariaPrice =
                new ExistingColumn(
                        "price",
                        SqlType.parse("decimal(12,4)"),
                        DataTypes.DECIMAL(12, 4),
                        null,
                        null,
                        null);
        assertThat(
                        mariadb.alterColumns(
                                T,
                                List.of(
                                        newType(mariaName, "VARCHAR(5)"),
                                        newType(mariaPrice, "DECIMAL(10,2)"))))
                .isEqualTo(
                        "ALTER TABLE `shop`.`orders` MODIFY COLUMN `name` VARCHAR(5) NULL,"
                                + " MODIFY COLUMN `price` DECIMAL(10,2) NULL");
        assertThat(postgres.lockTable(T))
                .isEqualTo("LOCK TABLE \"shop\".\"orders\" IN ACCESS EXCLUSIVE MODE");
        assertThat(mariadb.lockTable(T)).isNull();
    }

    @Test
    void renameDropTruncateDrop() {
        assertThat(postgres.renameColumn(T, "a", "b"))
                .isEqualTo("ALTER TABLE \"shop\".\"orders\" RENAME COLUMN \"a\" TO \"b\"");
        assertThat(mariadb.renameColumn(T, "a", "b"))
                .isEqualTo("ALTER TABLE `shop`.`orders` RENAME COLUMN `a` TO `b`");
        assertThat(postgres.dropColumn(T, "a"))
                .isEqualTo("ALTER TABLE \"shop\".\"orders\" DROP COLUMN \"a\"");
        assertThat(mariadb.dropColumn(T, "a"))
                .isEqualTo("ALTER TABLE `shop`.`orders` DROP COLUMN `a`");
        assertThat(postgres.truncateTable(T)).isEqualTo("TRUNCATE TABLE \"shop\".\"orders\"");
        assertThat(mariadb.truncateTable(T)).isEqualTo("TRUNCATE TABLE `shop`.`orders`");
        assertThat(postgres.dropTable(T)).isEqualTo("DROP TABLE IF EXISTS \"shop\".\"orders\"");
        assertThat(mariadb.dropTable(T)).isEqualTo("DROP TABLE IF EXISTS `shop`.`orders`");
    }

    @Test
    void supportedChangesAreHonest() {
        assertThat(postgres.supportsColumnPositions()).isFalse();
        assertThat(mariadb.supportsColumnPositions()).isTrue();
        assertThat(postgres.supportedSchemaChanges()).hasSize(7);
        assertThat(mariadb.supportedSchemaChanges()).hasSize(7);
    }
}
