package dev.schemaop.connectors.mariadb.debezium;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.mariadb.schema.QuotedNamesDdlParser;

import io.debezium.config.Configuration;
import io.debezium.connector.mariadb.antlr.MariaDbAntlrDdlParser;
import io.debezium.connector.mariadb.charset.MariaDbCharsetRegistry;
import io.debezium.connector.mariadb.gtid.MariaDbGtidSetFactory;
import io.debezium.connector.mariadb.history.MariaDbHistoryRecordComparator;
import io.debezium.document.DocumentReader;
import io.debezium.document.DocumentWriter;
import io.debezium.relational.TableId;
import io.debezium.relational.Tables;
import io.debezium.relational.history.HistoryRecord;
import io.debezium.relational.history.HistoryRecordComparator;
import io.debezium.relational.history.SchemaHistoryListener;
import io.debezium.relational.history.TableChanges;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The checkpointed history compacted up to a checkpoint's position, read back by Debezium's own
 * recovery: the same tables, the same character sets for the statements after it, and a size that
 * does not grow with the statements folded.
 */
class CheckpointedSchemaHistoryTest {
    private static final Map<String, Object> PARTITION = Map.of("server", "schemaop");
    private static final HistoryRecordComparator COMPARATOR =
            new MariaDbHistoryRecordComparator(gtid -> true, new MariaDbGtidSetFactory());
    private static final TableId ORDERS = new TableId("shop", null, "orders");

    private static Map<String, Object> at(long position) {
        return Map.of("file", "mysql-bin.000002", "pos", position);
    }

    private static MariaDbAntlrDdlParser parser() {
        return new QuotedNamesDdlParser(
                new MariaDbAntlrDdlParser(
                        true,
                        false,
                        false,
                        Tables.TableFilter.includeAll(),
                        new MariaDbCharsetRegistry()));
    }

    /**
     * The snapshot's records (the server's and a latin1 database's character set, the table's
     * {@code CREATE TABLE}), then {@code pairs} ADD and DROP COLUMN statements as Debezium records
     * them (each with the table after it), a TRUNCATE (a statement without a table change), and a
     * rename of a column, each at a position of its own after 1000.
     */
    private static List<String> history(int pairs) throws Exception {
        List<String> records = new ArrayList<>();
        records.add(
                CheckpointedSchemaHistory.createRecord(
                        PARTITION,
                        at(1000),
                        "",
                        "SET character_set_server=utf8mb4, collation_server=utf8mb4_general_ci"));
        records.add(
                CheckpointedSchemaHistory.createRecord(
                        PARTITION,
                        at(1000),
                        "",
                        "CREATE DATABASE `shop` CHARACTER SET latin1 COLLATE latin1_swedish_ci"));
        records.add(
                CheckpointedSchemaHistory.createRecord(
                        PARTITION,
                        at(1000),
                        "shop",
                        "CREATE TABLE `orders` (`id` int(11) NOT NULL, `name` varchar(20) DEFAULT"
                                + " NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=latin1"));
        Tables tables = new Tables();
        MariaDbAntlrDdlParser parser = parser();
        for (String record : List.copyOf(records)) {
            HistoryRecord history = new HistoryRecord(DocumentReader.defaultReader().read(record));
            parser.setCurrentSchema(history.document().getString("databaseName"));
            parser.parse(history.document().getString("ddl"), tables);
        }
        long position = 1000;
        List<String> statements = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            statements.add("ALTER TABLE orders ADD COLUMN c" + i + " VARCHAR(10)");
            statements.add("ALTER TABLE orders DROP COLUMN c" + i);
        }
        statements.add("ALTER TABLE orders ADD COLUMN note VARCHAR(30) AFTER id");
        statements.add("TRUNCATE TABLE orders");
        statements.add("ALTER TABLE orders CHANGE name title VARCHAR(40)");
        for (String ddl : statements) {
            position += 100;
            parser.setCurrentSchema("shop");
            parser.parse(ddl, tables);
            TableChanges changes =
                    ddl.startsWith("TRUNCATE")
                            ? new TableChanges()
                            : new TableChanges().alter(tables.forTable(ORDERS));
            records.add(
                    DocumentWriter.defaultWriter()
                            .write(
                                    new HistoryRecord(
                                                    PARTITION,
                                                    at(position),
                                                    "shop",
                                                    null,
                                                    ddl,
                                                    changes,
                                                    Instant.now())
                                            .document()));
        }
        return records;
    }

    private static CheckpointedSchemaHistory.Records configured(List<String> records) {
        CheckpointedSchemaHistory.Records history = new CheckpointedSchemaHistory.Records(records);
        history.readAs(COMPARATOR, true);
        return history;
    }

    /** Debezium's recovery of {@code records} up to {@code offset}, with Debezium's parser. */
    private static Recovered recover(List<String> records, Map<String, ?> offset) throws Exception {
        String engine = UUID.randomUUID().toString();
        EngineHooks.register(
                engine,
                new EngineHooks(new CheckpointedSchemaHistory.Records(records), null, null, null));
        try {
            CheckpointedSchemaHistory history = new CheckpointedSchemaHistory();
            history.configure(
                    Configuration.from(Map.of(EngineHooks.ENGINE_ID, engine)),
                    COMPARATOR,
                    SchemaHistoryListener.NOOP,
                    true);
            Tables tables = new Tables();
            MariaDbAntlrDdlParser parser = parser();
            history.recover(Map.of(PARTITION, offset), tables, parser);
            // a statement after the restore takes its columns' character set from the database's
            parser.setCurrentSchema("shop");
            parser.parse("CREATE TABLE notes (body VARCHAR(10), code CHAR(2))", tables);
            return new Recovered(tables, Map.copyOf(parser.charsetNameForDatabase()));
        } finally {
            EngineHooks.unregister(engine);
        }
    }

    private record Recovered(Tables tables, Map<String, String> databaseCharsets) {}

    @Test
    void aCompactedHistoryHoldsTheTablesAsTheyStandAndDebeziumRecoversTheSame() throws Exception {
        List<String> full = history(1_000);
        Map<String, Object> checkpoint = at(1000 + 100L * 2_003);

        List<String> compacted = configured(full).checkpoint(PARTITION, checkpoint);

        assertThat(compacted).hasSize(3); // the server's character set, the database's, the table
        Recovered fromFull = recover(full, checkpoint);
        Recovered fromCompacted = recover(compacted, checkpoint);
        assertThat(fromCompacted.tables()).isEqualTo(fromFull.tables());
        assertThat(fromCompacted.tables().forTable(ORDERS).retrieveColumnNames())
                .containsExactly("id", "note", "title");
        assertThat(fromCompacted.tables().forTable(ORDERS).columnWithName("title").charsetName())
                .isEqualTo("latin1");
        assertThat(
                        fromCompacted
                                .tables()
                                .forTable(new TableId("shop", null, "notes"))
                                .columnWithName("body")
                                .charsetName())
                .isEqualTo("latin1");
        assertThat(fromCompacted.databaseCharsets()).isEqualTo(fromFull.databaseCharsets());
    }

    @Test
    void theCompactedSizeDoesNotGrowWithTheStatementsFolded() throws Exception {
        List<String> few = history(10);
        List<String> many = history(1_000);

        int fewBytes =
                String.join("", configured(few).checkpoint(PARTITION, at(1000 + 100L * 23)))
                        .length();
        int manyBytes =
                String.join("", configured(many).checkpoint(PARTITION, at(1000 + 100L * 2_003)))
                        .length();

        assertThat(String.join("", many).length()).isGreaterThan(100 * manyBytes);
        // the same records but for the position's digits (201300 against 3300, in each of 3)
        assertThat(manyBytes).isEqualTo(fewBytes + 3 * 2);
    }

    /**
     * Records after the checkpoint's position are Debezium's reading ahead of the reader: they stay
     * as they were, after the compacted ones, and are folded by a later checkpoint.
     */
    @Test
    void recordsAfterTheCheckpointStayAndALaterCheckpointFoldsThem() throws Exception {
        List<String> full = history(5); // 10 statements, then 3: positions 1100 to 2300
        CheckpointedSchemaHistory.Records history = configured(full);

        List<String> first = history.checkpoint(PARTITION, at(2000)); // the first 10 statements
        assertThat(first).hasSize(3 + 3);
        assertThat(first.subList(3, 6)).isEqualTo(full.subList(full.size() - 3, full.size()));
        assertThat(recover(first, at(2300)).tables()).isEqualTo(recover(full, at(2300)).tables());

        assertThat(history.checkpoint(PARTITION, at(2000))).as("nothing new").isEqualTo(first);
        List<String> second = history.checkpoint(PARTITION, at(2300));
        assertThat(second).hasSize(3);
        assertThat(recover(second, at(2300)).tables()).isEqualTo(recover(full, at(2300)).tables());
    }

    /** Before Debezium configured the history, a checkpoint takes it as it is. */
    @Test
    void anUnconfiguredHistoryIsCheckpointedWhole() throws Exception {
        List<String> full = history(3);
        assertThat(new CheckpointedSchemaHistory.Records(full).checkpoint(PARTITION, at(9999)))
                .isEqualTo(full);
    }
}
