package dev.schemaop.behavior;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.cdc.common.event.DropColumnEvent;
import org.apache.flink.cdc.common.event.RenameColumnEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** SPEC §7, "Key columns": which changes of a sink table's key column each behavior refuses. */
class KeyColumnGuardTest {
    private static final TableId T = TableId.tableId("db", "t");
    private static final Schema SINK =
            Schema.newBuilder()
                    .physicalColumn("id", DataTypes.INT().notNull())
                    .physicalColumn("v", DataTypes.INT())
                    .primaryKey("id")
                    .build();
    private static final Set<SchemaChangeEventType> ALL =
            EnumSet.allOf(SchemaChangeEventType.class);

    @ParameterizedTest(name = "{0} {1} of {2} (rename accepted: {3}): refused = {4}")
    @CsvSource({
        "EVOLVE,     drop,   id, true,  true",
        "TRY_EVOLVE, drop,   id, true,  true",
        "LENIENT,    drop,   id, true,  true",
        "IGNORE,     drop,   id, true,  true",
        "EVOLVE,     drop,   v,  true,  false",
        "EVOLVE,     rename, id, true,  true",
        "TRY_EVOLVE, rename, id, true,  true",
        "EVOLVE,     rename, id, false, false",
        "LENIENT,    rename, id, true,  false",
        "IGNORE,     rename, id, true,  false",
        "EVOLVE,     rename, v,  true,  false",
        "EXCEPTION,  drop,   id, true,  false"
    })
    void refusesWhatLeavesAKeyColumnTheRowsNoLongerFill(
            SchemaChangeBehavior behavior,
            String change,
            String column,
            boolean renameAccepted,
            boolean refused) {
        SchemaChangeEvent event =
                change.equals("drop")
                        ? new DropColumnEvent(T, List.of(column))
                        : new RenameColumnEvent(T, Map.of(column, column + "_new"));
        Set<SchemaChangeEventType> accepted = EnumSet.copyOf(ALL);
        if (!renameAccepted) {
            accepted.remove(SchemaChangeEventType.RENAME_COLUMN);
        }

        if (refused) {
            assertThatThrownBy(() -> KeyColumnGuard.check(event, T, SINK, behavior, accepted))
                    .isInstanceOf(SchemaChangeRejectedException.class)
                    .hasMessageStartingWith(
                            "Schema change "
                                    + event.getType().getTag()
                                    + " of table db.t is refused before any DDL: it "
                                    + (change.equals("drop") ? "drops" : "renames")
                                    + " the key column id")
                    .hasMessageContaining("(primary key of db.t: id)");
        } else {
            assertThatCode(() -> KeyColumnGuard.check(event, T, SINK, behavior, accepted))
                    .doesNotThrowAnyException();
        }
    }
}
