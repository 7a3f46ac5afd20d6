package dev.schemaop.connectors.jdbc.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.connectors.jdbc.catalog.TablePath;

import org.junit.jupiter.api.Test;

import java.util.List;

/** The SQL text of writes per dialect. */
class DmlStatementsTest {

    private static final TablePath T = new TablePath("s", "t");
    private final PostgresDialect postgres = new PostgresDialect();
    private final MariaDbDialect mariadb = new MariaDbDialect();

    @Test
    void postgresUpsertUpdatesEveryNonKeyColumn() {
        assertThat(postgres.upsert(T, List.of("id", "a", "b"), List.of("id")))
                .isEqualTo(
                        "INSERT INTO \"s\".\"t\" (\"id\", \"a\", \"b\") VALUES (?, ?, ?)"
                                + " ON CONFLICT (\"id\") DO UPDATE SET \"a\" = EXCLUDED.\"a\","
                                + " \"b\" = EXCLUDED.\"b\"");
        assertThat(postgres.upsert(T, List.of("k1", "k2"), List.of("k1", "k2")))
                .isEqualTo(
                        "INSERT INTO \"s\".\"t\" (\"k1\", \"k2\") VALUES (?, ?)"
                                + " ON CONFLICT (\"k1\", \"k2\") DO NOTHING");
    }

    @Test
    void mariadbUpsertUsesOnDuplicateKey() {
        assertThat(mariadb.upsert(T, List.of("id", "a"), List.of("id")))
                .isEqualTo(
                        "INSERT INTO `s`.`t` (`id`, `a`) VALUES (?, ?)"
                                + " ON DUPLICATE KEY UPDATE `a` = VALUES(`a`)");
        assertThat(mariadb.upsert(T, List.of("id"), List.of("id")))
                .isEqualTo(
                        "INSERT INTO `s`.`t` (`id`) VALUES (?)"
                                + " ON DUPLICATE KEY UPDATE `id` = VALUES(`id`)");
    }

    @Test
    void deletesByKey() {
        assertThat(postgres.deleteByKey(T, List.of("k1", "k2")))
                .isEqualTo("DELETE FROM \"s\".\"t\" WHERE \"k1\" = ? AND \"k2\" = ?");
        assertThat(mariadb.deleteByKey(T, List.of("id")))
                .isEqualTo("DELETE FROM `s`.`t` WHERE `id` = ?");
    }

    @Test
    void tablesWithoutKeyInsertAndDeleteOneEqualRowNullsIncluded() {
        assertThat(postgres.insert(T, List.of("a", "b")))
                .isEqualTo("INSERT INTO \"s\".\"t\" (\"a\", \"b\") VALUES (?, ?)");
        assertThat(postgres.deleteOneRow(T, List.of("a", "b")))
                .isEqualTo(
                        "DELETE FROM \"s\".\"t\" WHERE ctid = (SELECT ctid FROM \"s\".\"t\" WHERE"
                                + " \"a\" IS NOT DISTINCT FROM ? AND \"b\" IS NOT DISTINCT FROM ?"
                                + " LIMIT 1)");
        assertThat(mariadb.deleteOneRow(T, List.of("a", "b")))
                .isEqualTo("DELETE FROM `s`.`t` WHERE `a` <=> ? AND `b` <=> ? LIMIT 1");
    }
}
