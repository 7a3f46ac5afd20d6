package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.connectors.mariadb.schema.QuotedNamesDdlParser;

import io.debezium.connector.mariadb.antlr.MariaDbAntlrDdlParser;
import io.debezium.relational.Table;
import io.debezium.relational.Tables;
import io.debezium.relational.ddl.DdlChanges;
import io.debezium.relational.ddl.DdlParserListener.TableAlteredEvent;
import io.debezium.text.MultipleParsingExceptions;
import io.debezium.text.ParsingException;
import org.apache.flink.cdc.common.event.TableId;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The parser of Debezium's schema while the source reads: a statement of the binlog it cannot read
 * goes, with its position, to {@link UnparseableStatements}, which ends the job or leaves the
 * statement out, and the tables a binlog statement renames go to {@link ResolvedRenames}.
 * Statements read before the binlog (the schema history, the tables Debezium describes for {@code
 * latest-offset}) have no binlog position: their parse errors stay Debezium's.
 */
final class BinlogDdlParser extends QuotedNamesDdlParser {
    private final UnparseableStatements unparseable;
    private final ResolvedRenames renames;
    private final Supplier<Optional<EventPosition>> reading;

    /**
     * @param reading the position of the binlog event Debezium reads, empty before it reads the
     *     binlog
     */
    BinlogDdlParser(
            MariaDbAntlrDdlParser parser,
            UnparseableStatements unparseable,
            ResolvedRenames renames,
            Supplier<Optional<EventPosition>> reading) {
        super(parser);
        this.unparseable = unparseable;
        this.renames = renames;
        this.reading = reading;
    }

    @Override
    public DdlChanges parse(String ddl, Tables tables) {
        // A statement left out is left out whole: a parser that fails while applying a statement
        // (a column it does not know) may have applied part of it already.
        Tables before = tables.clone();
        try {
            DdlChanges changes = super.parse(ddl, tables);
            reading.get()
                    .ifPresent(
                            position ->
                                    renames.parsed(
                                            position, renamedTables(changes, before, tables)));
            return changes;
        } catch (ParsingException | MultipleParsingExceptions e) {
            Optional<EventPosition> position = reading.get();
            if (position.isEmpty()) {
                throw e;
            }
            unparseable.handle(ddl, currentSchema(), position.get(), e);
            getAndResetDdlChanges();
            restore(tables, before);
            return new DdlChanges();
        }
    }

    /**
     * Old name to new name. Debezium names the old table of a {@code RENAME TABLE}; of an {@code
     * ALTER TABLE a RENAME TO b} only the new one, and the old one is then the table that left.
     */
    private static Map<TableId, TableId> renamedTables(
            DdlChanges changes, Tables before, Tables after) {
        Map<TableId, TableId> renamed = new LinkedHashMap<>();
        changes.getEventsByDatabase(
                (database, events) -> {
                    for (var event : events) {
                        if (!(event instanceof TableAlteredEvent alter)) {
                            continue;
                        }
                        if (alter.previousTableId() != null) {
                            renamed.put(flinkId(alter.previousTableId()), flinkId(alter.tableId()));
                        } else if (before.forTable(alter.tableId()) == null) {
                            before.tableIds().stream()
                                    .filter(id -> after.forTable(id) == null)
                                    .findFirst()
                                    .ifPresent(
                                            old ->
                                                    renamed.put(
                                                            flinkId(old),
                                                            flinkId(alter.tableId())));
                        }
                    }
                });
        return renamed;
    }

    private static TableId flinkId(io.debezium.relational.TableId id) {
        return TableId.tableId(id.catalog(), id.table());
    }

    private static void restore(Tables tables, Tables before) {
        tables.clear();
        for (var id : before.tableIds()) {
            Table table = before.forTable(id);
            tables.overwriteTable(table);
        }
    }
}
