package dev.schemaop.connectors.jdbc.ddl;

import dev.schemaop.connectors.jdbc.catalog.ExistingTable;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;

import javax.annotation.Nullable;

/**
 * The refusal of a change that does not fit the table as it is: the table drifted from what the
 * pipeline knows (changed by hand, by another job). A replay, which meets the table as the change
 * left it, is not drift.
 */
final class DriftRefusal {
    private DriftRefusal() {}

    /**
     * @param table the table now; null when there is none
     * @param found what does not fit, a sentence without its period
     * @param expected the shape of the table the change expects
     */
    static RefusedChangeException of(
            JdbcDialect dialect,
            SchemaChangeEvent event,
            TablePath path,
            @Nullable ExistingTable table,
            String found,
            String expected) {
        return new RefusedChangeException(
                "The "
                        + dialect
                        + " sink refuses "
                        + event.getType().getTag()
                        + " of table "
                        + path
                        + ": the table is not as the change expects (it drifted from what the"
                        + " pipeline knows), so nothing of the change was applied. "
                        + found
                        + ". The table now: "
                        + (table == null ? "none" : table.describe())
                        + ". The change expects: "
                        + expected
                        + ". Make the table what the change expects (or what it leads to), then"
                        + " restart");
    }
}
