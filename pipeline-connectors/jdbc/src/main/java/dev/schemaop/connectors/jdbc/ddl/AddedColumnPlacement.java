package dev.schemaop.connectors.jdbc.ddl;

import dev.schemaop.connectors.jdbc.catalog.ExistingTable;
import dev.schemaop.connectors.jdbc.catalog.TablePath;
import dev.schemaop.connectors.jdbc.dialect.ColumnPlacement;
import dev.schemaop.connectors.jdbc.dialect.JdbcDialect;

import org.apache.flink.cdc.common.event.AddColumnEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Where an added column goes in the table as it is, as far as the dialect can place columns. */
final class AddedColumnPlacement {
    private static final Logger LOG = LoggerFactory.getLogger(AddedColumnPlacement.class);

    private AddedColumnPlacement() {}

    /** Where the column goes; at the end, with a WARN, when the dialect cannot place columns. */
    static ColumnPlacement of(
            JdbcDialect dialect,
            ExistingTable table,
            AddColumnEvent.ColumnWithPosition added,
            TablePath path) {
        ColumnPlacement wanted = wanted(dialect, table, added, path);
        if (!wanted.isLast() && !dialect.supportsColumnPositions()) {
            LOG.warn(
                    "{} sink: {} adds columns at the end only: column {} of {} is added last, not"
                            + " {}",
                    dialect,
                    dialect,
                    added.getAddColumn().getName(),
                    path,
                    describe(added));
            return ColumnPlacement.last();
        }
        return wanted;
    }

    private static ColumnPlacement wanted(
            JdbcDialect dialect,
            ExistingTable table,
            AddColumnEvent.ColumnWithPosition added,
            TablePath path) {
        String anchor = added.getExistedColumnName();
        switch (added.getPosition()) {
            case FIRST:
                return ColumnPlacement.first();
            case AFTER:
            case BEFORE:
                int index = anchor == null ? -1 : table.indexOf(anchor);
                if (index < 0) {
                    LOG.warn(
                            "{} sink: column {} of {} is added last: the column it goes {} is"
                                    + " missing",
                            dialect,
                            added.getAddColumn().getName(),
                            path,
                            describe(added));
                    return ColumnPlacement.last();
                }
                if (added.getPosition() == AddColumnEvent.ColumnPosition.AFTER) {
                    return ColumnPlacement.after(table.columns().get(index).name());
                }
                return index == 0
                        ? ColumnPlacement.first()
                        : ColumnPlacement.after(table.columns().get(index - 1).name());
            case LAST:
            default:
                return ColumnPlacement.last();
        }
    }

    private static String describe(AddColumnEvent.ColumnWithPosition added) {
        return added.getPosition()
                + (added.getExistedColumnName() == null ? "" : " " + added.getExistedColumnName());
    }
}
