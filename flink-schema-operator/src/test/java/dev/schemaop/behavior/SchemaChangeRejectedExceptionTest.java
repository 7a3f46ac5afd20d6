package dev.schemaop.behavior;

import static dev.schemaop.behavior.Fixtures.ALL;
import static dev.schemaop.behavior.Fixtures.T;
import static dev.schemaop.behavior.Fixtures.add;
import static dev.schemaop.behavior.Fixtures.rename;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.apache.flink.cdc.common.event.DropTableEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Column;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.api.Test;

import javax.annotation.Nullable;

/** What a user sees when EXCEPTION rejects a change (SPEC §3, §9): asserted to the character. */
class SchemaChangeRejectedExceptionTest {

    static final Schema SINK =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("name", DataTypes.VARCHAR(20))
                    .primaryKey("id")
                    .build();

    private static SchemaChangeRejectedException rejection(
            SchemaChangeEvent change, @Nullable Schema sink) {
        SchemaChangeDeriver deriver =
                new SchemaChangeDeriver(SchemaChangeBehavior.EXCEPTION, false, ALL);
        return catchThrowableOfType(
                () -> deriver.derive(change, sink), SchemaChangeRejectedException.class);
    }

    @Test
    void addColumnShowsBothSchemasSideBySideAndTheOptions() {
        AddColumnEvent change =
                add(
                        AddColumnEvent.after(
                                Column.physicalColumn("email", DataTypes.VARCHAR(50)), "id"));

        SchemaChangeRejectedException e = rejection(change, SINK);

        assertThat(e.tableId()).isEqualTo(T);
        assertThat(e.change()).isEqualTo(change);
        assertThat(e.getMessage())
                .isEqualTo(
                        "Schema change add.column of table db.orders is rejected:"
                                + " pipeline.schema.change.behavior is exception, which applies no"
                                + " schema change but create.table.\n"
                                + "Change: AddColumnEvent{tableId=db.orders,"
                                + " addedColumns=[ColumnWithPosition{column=`email` VARCHAR(50),"
                                + " position=AFTER, existedColumnName=id}]}\n"
                                + "column | current      | after change\n"
                                + "-------+--------------+-------------\n"
                                + "id     | INT NOT NULL | INT NOT NULL\n"
                                + "name   | VARCHAR(20)  | VARCHAR(20)\n"
                                + "email  | -            | VARCHAR(50)\n"
                                + "To let it through, set pipeline.schema.change.behavior: evolve (or"
                                + " lenient), or exclude add.column in the sink block with"
                                + " exclude.schema.changes: [add.column].");
    }

    @Test
    void renameShowsTheOldNameLeavingAndTheNewNameArriving() {
        SchemaChangeRejectedException e = rejection(rename("name", "full_name"), SINK);

        assertThat(e.getMessage())
                .contains(
                        "column    | current      | after change\n"
                                + "----------+--------------+-------------\n"
                                + "id        | INT NOT NULL | INT NOT NULL\n"
                                + "name      | VARCHAR(20)  | -\n"
                                + "full_name | -            | VARCHAR(20)\n")
                .endsWith("exclude.schema.changes: [rename.column].");
    }

    @Test
    void dropTableShowsNoColumnsAfterTheChange() {
        SchemaChangeRejectedException e = rejection(new DropTableEvent(T), SINK);

        assertThat(e.getMessage())
                .startsWith("Schema change drop.table of table db.orders is rejected")
                .contains(
                        "column | current      | after change\n"
                                + "-------+--------------+-------------\n"
                                + "id     | INT NOT NULL | -\n"
                                + "name   | VARCHAR(20)  | -\n");
    }
}
