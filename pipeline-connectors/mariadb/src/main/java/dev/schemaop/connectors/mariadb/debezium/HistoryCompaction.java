package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.connectors.mariadb.schema.QuotedNamesDdlParser;

import io.debezium.connector.mariadb.antlr.MariaDbAntlrDdlParser;
import io.debezium.connector.mariadb.charset.MariaDbCharsetRegistry;
import io.debezium.document.Array;
import io.debezium.document.Document;
import io.debezium.relational.Table;
import io.debezium.relational.TableId;
import io.debezium.relational.Tables;
import io.debezium.relational.history.JsonTableChangeSerializer;
import io.debezium.relational.history.TableChanges;
import io.debezium.relational.history.TableChanges.TableChange;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * Debezium's schema history folded into what Debezium needs to rebuild its table model at the
 * position of its last record: each table as it stands there, and the character sets a later
 * statement's columns take theirs from (the server's, each database's). Debezium's history only
 * grows, by a record per DDL statement on a captured table, each with the table's whole
 * description; folded, it is as large as the captured tables, whatever ran before.
 *
 * <p>The records are replayed as Debezium's recovery replays them ({@code
 * AbstractSchemaHistory.recover}): a record's table changes are applied as they are, a statement
 * without them (the snapshot's, a database's) is parsed. The model is kept between folds, so each
 * fold replays only the records added since. Its records, all at the last record's position: a
 * {@code SET} of the server's character set, a {@code CREATE DATABASE} with its character set per
 * database the parser knows one of, and a record per table whose table change creates the table as
 * it stands. Not thread-safe: one reader's checkpoints use it, one after another.
 */
final class HistoryCompaction {
    /** The statement of a folded table's record: Debezium reads its table change instead. */
    static final String TABLE_STATEMENT =
            "/* the table as of this position: a compacted history */";

    private static final String SOURCE = "source";
    private static final String POSITION = "position";
    private static final String DATABASE_NAME = "databaseName";
    private static final String SCHEMA_NAME = "schemaName";
    private static final String DDL = "ddl";
    private static final String TABLE_CHANGES = "tableChanges";

    private final boolean useCatalogBeforeSchema;
    private final Tables tables = new Tables();
    private final QuotedNamesDdlParser parser = parser();
    private final JsonTableChangeSerializer serializer = new JsonTableChangeSerializer();
    private Document last;

    /**
     * @param useCatalogBeforeSchema as Debezium configured the history (true for MariaDB)
     */
    HistoryCompaction(boolean useCatalogBeforeSchema) {
        this.useCatalogBeforeSchema = useCatalogBeforeSchema;
    }

    /**
     * Replays {@code records}, the ones after those folded before, in order.
     *
     * @param records their table ids readable by Debezium
     */
    void fold(List<Document> records) {
        for (Document record : records) {
            Array changes = record.getArray(TABLE_CHANGES);
            String ddl = record.getString(DDL);
            if (changes != null && !changes.isEmpty()) {
                apply(serializer.deserialize(changes, useCatalogBeforeSchema));
            } else if (ddl != null) {
                if (record.getString(DATABASE_NAME) != null) {
                    parser.setCurrentDatabase(record.getString(DATABASE_NAME));
                }
                if (record.getString(SCHEMA_NAME) != null) {
                    parser.setCurrentSchema(record.getString(SCHEMA_NAME));
                }
                parser.parse(ddl, tables);
            }
            last = record;
        }
    }

    /** The records folded so far, compacted, as Debezium's JSON documents. */
    List<Document> records() {
        List<Document> compacted = new ArrayList<>();
        String charset = parser.systemVariables().getVariable("character_set_server");
        if (charset != null) {
            String collation = parser.systemVariables().getVariable("collation_server");
            compacted.add(
                    record(
                            "",
                            "SET character_set_server="
                                    + charset
                                    + (collation == null ? "" : ", collation_server=" + collation),
                            null));
        }
        new TreeMap<>(parser.charsetNameForDatabase())
                .forEach(
                        (database, databaseCharset) ->
                                compacted.add(
                                        record(
                                                "",
                                                "CREATE DATABASE "
                                                        + quoted(database)
                                                        + " CHARACTER SET "
                                                        + databaseCharset,
                                                null)));
        List<TableId> ids = new ArrayList<>(tables.tableIds());
        ids.sort(Comparator.comparing(TableId::toString));
        for (TableId id : ids) {
            Table table = tables.forTable(id);
            compacted.add(
                    record(
                            id.catalog(),
                            TABLE_STATEMENT,
                            serializer.serialize(new TableChanges().create(table))));
        }
        return compacted;
    }

    /** As Debezium's recovery applies a record's table changes. */
    private void apply(TableChanges changes) {
        for (TableChange change : changes) {
            switch (change.getType()) {
                case CREATE:
                    tables.overwriteTable(change.getTable());
                    break;
                case ALTER:
                    if (change.getPreviousId() != null) {
                        tables.removeTable(change.getPreviousId());
                    }
                    tables.overwriteTable(change.getTable());
                    break;
                default:
                    tables.removeTable(change.getId());
            }
        }
    }

    /** The parser Debezium's MariaDB schema makes: no views, no comments, every table. */
    private static QuotedNamesDdlParser parser() {
        return new QuotedNamesDdlParser(
                new MariaDbAntlrDdlParser(
                        true,
                        false,
                        false,
                        Tables.TableFilter.includeAll(),
                        new MariaDbCharsetRegistry()));
    }

    /** A record at the position of the last record folded. */
    private Document record(String database, String ddl, Array changes) {
        Document record = Document.create();
        record.setDocument(SOURCE, last.getDocument(SOURCE));
        record.setDocument(POSITION, last.getDocument(POSITION));
        record.setString(DATABASE_NAME, database == null ? "" : database);
        record.setString(DDL, ddl);
        record.setArray(TABLE_CHANGES, changes == null ? Array.create() : changes);
        if (last.has("ts_ms")) {
            record.setNumber("ts_ms", last.getLong("ts_ms"));
        }
        return record;
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
