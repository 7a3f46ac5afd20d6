package dev.schemaop.connectors.jdbc.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.jdbc.catalog.TablePath;

import org.apache.flink.cdc.common.event.TableId;
import org.junit.jupiter.api.Test;

/** Names with quotes, backticks, semicolons, spaces and unicode stay one identifier. */
class IdentifierQuotingTest {

    private final PostgresDialect postgres = new PostgresDialect();
    private final MariaDbDialect mariadb = new MariaDbDialect();

    @Test
    void postgresDoublesDoubleQuotes() {
        assertThat(postgres.quote("plain")).isEqualTo("\"plain\"");
        assertThat(postgres.quote("Mixed Case")).isEqualTo("\"Mixed Case\"");
        assertThat(postgres.quote("a\"b")).isEqualTo("\"a\"\"b\"");
        assertThat(postgres.quote("x\"; DROP TABLE \"victim"))
                .isEqualTo("\"x\"\"; DROP TABLE \"\"victim\"");
        assertThat(postgres.quote("tick`semi;space ü名")).isEqualTo("\"tick`semi;space ü名\"");
        assertThat(postgres.table(new TablePath("s\"s", "t.t"))).isEqualTo("\"s\"\"s\".\"t.t\"");
    }

    @Test
    void mariadbDoublesBackticks() {
        assertThat(mariadb.quote("plain")).isEqualTo("`plain`");
        assertThat(mariadb.quote("a`b")).isEqualTo("`a``b`");
        assertThat(mariadb.quote("x`; DROP TABLE `victim")).isEqualTo("`x``; DROP TABLE ``victim`");
        assertThat(mariadb.quote("quote\"semi;space ü名")).isEqualTo("`quote\"semi;space ü名`");
        assertThat(mariadb.table(new TablePath("d`b", "t"))).isEqualTo("`d``b`.`t`");
    }

    @Test
    void stringLiteralsEscapeQuotes() {
        assertThat(postgres.stringLiteral("it's \\ fine")).isEqualTo("'it''s \\ fine'");
        assertThat(mariadb.stringLiteral("it's \\ fine")).isEqualTo("'it''s \\\\ fine'");
    }

    @Test
    void identifiersAreCheckedForLength() {
        postgres.checkIdentifier("x".repeat(63), "column");
        assertThatThrownBy(() -> postgres.checkIdentifier("x".repeat(64), "column"))
                .hasMessageContaining("longer than the 63 bytes postgres allows");
        // 32 two-byte characters are 64 bytes
        assertThatThrownBy(() -> postgres.checkIdentifier("ü".repeat(32), "table"))
                .hasMessageContaining("63 bytes");
        mariadb.checkIdentifier("ü".repeat(64), "column");
        assertThatThrownBy(() -> mariadb.checkIdentifier("x".repeat(65), "column"))
                .hasMessageContaining("longer than the 64 characters mariadb allows");
        assertThatThrownBy(() -> mariadb.checkIdentifier("a\0b", "column"))
                .hasMessageContaining("NUL");
    }

    @Test
    void tableIdsResolveToSchemaAndTable() {
        assertThat(postgres.resolve(TableId.tableId("s", "t"), () -> "public"))
                .isEqualTo(new TablePath("s", "t"));
        assertThat(postgres.resolve(TableId.tableId("t"), () -> "public"))
                .isEqualTo(new TablePath("public", "t"));
        assertThat(postgres.resolve(TableId.tableId("db", "s", "t"), () -> "public"))
                .isEqualTo(new TablePath("s", "t"));
        assertThat(mariadb.resolve(TableId.tableId("db", "t"), () -> null))
                .isEqualTo(new TablePath("db", "t"));
        assertThatThrownBy(() -> mariadb.resolve(TableId.tableId("t"), () -> null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no database part")
                .hasMessageContaining("sink-table: db.t");
    }
}
