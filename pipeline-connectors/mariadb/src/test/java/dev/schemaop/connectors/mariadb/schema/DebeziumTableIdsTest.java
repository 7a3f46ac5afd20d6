package dev.schemaop.connectors.mariadb.schema;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.cdc.common.event.TableId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

/**
 * Debezium's text of a table id read back as the table it was, and written so that Debezium's own
 * reader does too: for names Debezium writes without quotes (one beginning or ending with a double
 * quote) or reads back halved (a doubled quote or backtick).
 */
class DebeziumTableIdsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "plain",
                "a\"b",
                "\"lead",
                "trail\"",
                "two\"\"quotes",
                "a'b",
                "'lead",
                "two''quotes",
                "a`b",
                "two``ticks",
                "a\\b",
                "a.b",
                ".lead",
                "a b",
                " lead",
                "select",
                "naïve_名前",
                "x\"y\"",
                "\""
            })
    void aTableReadsBackAsItself(String name) {
        TableId table = TableId.tableId("d\"b.x", name);
        assertThat(DebeziumTableIds.parse(DebeziumTableIds.of(table)))
                .as("read from what Debezium wrote")
                .isEqualTo(table);
        io.debezium.relational.TableId read =
                io.debezium.relational.TableId.parse(DebeziumTableIds.quoted(table));
        assertThat(List.of(read.catalog(), read.table()))
                .as("read by Debezium")
                .containsExactly("d\"b.x", name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"x\"", "\"\"", "\"a\"\"b\""})
    void aNameBeginningAndEndingWithADoubleQuoteNeedsTheRecordsTables(String name) {
        TableId table = TableId.tableId("db", name);
        String written = DebeziumTableIds.of(table);
        assertThat(DebeziumTableIds.parse(written))
                .as("alone, read as Debezium reads it")
                .isNotEqualTo(table);
        assertThat(
                        DebeziumTableIds.resolve(
                                written, List.of(TableId.tableId("db", "other"), table)))
                .isEqualTo(table);
    }
}
