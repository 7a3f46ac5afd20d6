package dev.schemaop.connectors.paimon.applier;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

/** The Flink SQL that {@code check} shows for a change of a Paimon table. */
class PaimonStatementsTest {
    private static final TableId T = TableId.tableId("db", "we`ird");

    @Test
    void eachChangeIsFlinkSqlWithQuotedNames() {
        assertThat(
                        PaimonStatements.of(
                                new AddColumnEvent(
                                        T,
                                        List.of(
                                                AddColumnEvent.last(
                                                        Column.physicalColumn(
                                                                "note", DataTypes.VARCHAR(20)))))))
                .containsExactly("ALTER TABLE `db`.`we``ird` ADD (`note` VARCHAR(20));");
        assertThat(
                        PaimonStatements.of(
                                new AlterColumnTypeEvent(
                                        T,
                                        Map.of("qty", DataTypes.BIGINT()),
                                        Map.of("qty", DataTypes.INT().notNull()))))
                .containsExactly("ALTER TABLE `db`.`we``ird` MODIFY `qty` BIGINT;");
        assertThat(PaimonStatements.of(new RenameColumnEvent(T, Map.of("a", "b"))))
                .containsExactly("ALTER TABLE `db`.`we``ird` RENAME `a` TO `b`;");
        assertThat(PaimonStatements.of(new DropColumnEvent(T, List.of("a"))))
                .containsExactly("ALTER TABLE `db`.`we``ird` DROP (`a`);");
        assertThat(PaimonStatements.primaryKey(T, List.of("id")))
                .containsExactly(
                        "-- Paimon cannot change the primary key of `db`.`we``ird`: create a new"
                                + " table with PRIMARY KEY (`id`) NOT ENFORCED and copy the rows"
                                + " into it.");
    }
}
