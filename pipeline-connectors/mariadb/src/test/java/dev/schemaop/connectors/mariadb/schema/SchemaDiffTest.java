package dev.schemaop.connectors.mariadb.schema;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.AlterColumnTypeEvent;
import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class SchemaDiffTest {
    private static final TableId T = TableId.tableId("app", "customers");

    private static final Schema KNOWN =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(10))
                    .physicalColumn("age", DataTypes.INT())
                    .physicalColumn("note", DataTypes.VARCHAR(20))
                    .primaryKey("id")
                    .build();

    @Test
    void changeRetypesThenRenamesLikeFlinkCdcsMySqlSource() {
        Schema described =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(10))
                        .physicalColumn("precise_age", DataTypes.DOUBLE())
                        .physicalColumn("note", DataTypes.VARCHAR(20))
                        .primaryKey("id")
                        .build();

        assertThat(SchemaDiff.between(T, KNOWN, described, Map.of("age", "precise_age")).events())
                .containsExactly(
                        new AlterColumnTypeEvent(
                                T,
                                Map.of("age", DataTypes.DOUBLE()),
                                Map.of("age", DataTypes.INT())),
                        new RenameColumnEvent(T, Map.of("age", "precise_age")));
    }

    @Test
    void addsArePlacedFirstAfterOrLast() {
        Schema described =
                Schema.newBuilder()
                        .physicalColumn("first_one", DataTypes.INT())
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(10))
                        .physicalColumn("code", DataTypes.INT())
                        .physicalColumn("age", DataTypes.INT())
                        .physicalColumn("note", DataTypes.VARCHAR(20))
                        .physicalColumn("email", DataTypes.VARCHAR(30))
                        .physicalColumn("phone", DataTypes.VARCHAR(30))
                        .primaryKey("id")
                        .build();

        assertThat(SchemaDiff.between(T, KNOWN, described, Map.of()).events())
                .containsExactly(
                        new AddColumnEvent(
                                T,
                                List.of(
                                        AddColumnEvent.first(
                                                Column.physicalColumn(
                                                        "first_one", DataTypes.INT())),
                                        AddColumnEvent.after(
                                                Column.physicalColumn("code", DataTypes.INT()),
                                                "name"),
                                        AddColumnEvent.last(
                                                Column.physicalColumn(
                                                        "email", DataTypes.VARCHAR(30))),
                                        AddColumnEvent.last(
                                                Column.physicalColumn(
                                                        "phone", DataTypes.VARCHAR(30))))));
    }

    @Test
    void severalClausesInOneStatement() {
        Schema described =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("full_name", DataTypes.VARCHAR(10))
                        .physicalColumn("age", DataTypes.BIGINT())
                        .physicalColumn("email", DataTypes.VARCHAR(30))
                        .primaryKey("id")
                        .build();

        SchemaDiff.Result diff =
                SchemaDiff.between(T, KNOWN, described, Map.of("name", "full_name"));
        assertThat(diff.after())
                .as("the known schema once the events are applied")
                .isEqualTo(described);
        assertThat(diff.events())
                .containsExactly(
                        new RenameColumnEvent(T, Map.of("name", "full_name")),
                        new DropColumnEvent(T, List.of("note")),
                        new AddColumnEvent(
                                T,
                                List.of(
                                        AddColumnEvent.last(
                                                Column.physicalColumn(
                                                        "email", DataTypes.VARCHAR(30))))),
                        new AlterColumnTypeEvent(
                                T,
                                Map.of("age", DataTypes.BIGINT()),
                                Map.of("age", DataTypes.INT())));
    }

    @Test
    void aCaseOnlyRenameAndAStatementSpellingTheColumnDifferently() {
        Schema described =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("Name", DataTypes.VARCHAR(10))
                        .physicalColumn("age", DataTypes.INT())
                        .physicalColumn("note", DataTypes.VARCHAR(20))
                        .primaryKey("id")
                        .build();

        assertThat(SchemaDiff.between(T, KNOWN, described, Map.of("NAME", "Name")).events())
                .containsExactly(new RenameColumnEvent(T, Map.of("name", "Name")));
    }

    @Test
    void aNullabilityChangeIsARetype() {
        Schema described =
                Schema.newBuilder()
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(10).notNull())
                        .physicalColumn("age", DataTypes.INT())
                        .physicalColumn("note", DataTypes.VARCHAR(20))
                        .primaryKey("id")
                        .build();

        assertThat(SchemaDiff.between(T, KNOWN, described, Map.of()).events())
                .containsExactly(
                        new AlterColumnTypeEvent(
                                T,
                                Map.of("name", DataTypes.VARCHAR(10).notNull()),
                                Map.of("name", DataTypes.VARCHAR(10))));
    }

    @Test
    void aMovedColumnIsNoEvent() {
        Schema described =
                Schema.newBuilder()
                        .physicalColumn("age", DataTypes.INT())
                        .physicalColumn("id", DataTypes.INT().notNull())
                        .physicalColumn("name", DataTypes.VARCHAR(10))
                        .physicalColumn("note", DataTypes.VARCHAR(20))
                        .primaryKey("id")
                        .build();

        assertThat(SchemaDiff.between(T, KNOWN, described, Map.of()).events()).isEmpty();
    }
}
