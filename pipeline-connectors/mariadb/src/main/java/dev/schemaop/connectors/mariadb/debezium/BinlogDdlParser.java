package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.connectors.mariadb.schema.QuotedNamesDdlParser;

import io.debezium.connector.mariadb.antlr.MariaDbAntlrDdlParser;
import io.debezium.relational.Table;
import io.debezium.relational.Tables;
import io.debezium.relational.ddl.DdlChanges;
import io.debezium.text.MultipleParsingExceptions;
import io.debezium.text.ParsingException;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The parser of Debezium's schema while the source reads: a statement of the binlog it cannot read
 * goes, with its position, to {@link UnparseableStatements}, which ends the job or leaves the
 * statement out. Statements read before the binlog (the schema history, the tables Debezium
 * describes for {@code latest-offset}) have no binlog position: their parse errors stay Debezium's.
 */
final class BinlogDdlParser extends QuotedNamesDdlParser {
    private final UnparseableStatements unparseable;
    private final Supplier<Optional<EventPosition>> reading;

    /**
     * @param reading the position of the binlog event Debezium reads, empty before it reads the
     *     binlog
     */
    BinlogDdlParser(
            MariaDbAntlrDdlParser parser,
            UnparseableStatements unparseable,
            Supplier<Optional<EventPosition>> reading) {
        super(parser);
        this.unparseable = unparseable;
        this.reading = reading;
    }

    @Override
    public DdlChanges parse(String ddl, Tables tables) {
        // A statement left out is left out whole: a parser that fails while applying a statement
        // (a column it does not know) may have applied part of it already.
        Tables before = tables.clone();
        try {
            return super.parse(ddl, tables);
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

    private static void restore(Tables tables, Tables before) {
        tables.clear();
        for (var id : before.tableIds()) {
            Table table = before.forTable(id);
            tables.overwriteTable(table);
        }
    }
}
