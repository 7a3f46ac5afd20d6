package dev.schemaop.benchmarks.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EndpointTest {
    @Test
    void aServerThatDoesNotAnswerIsNamedWithTheVariableToSetAndWithoutThePassword() {
        Endpoint nowhere =
                new Endpoint(
                        Database.POSTGRES,
                        "jdbc:postgresql://127.0.0.1:1/postgres",
                        "postgres",
                        "s3cret-pw");

        assertThat(nowhere.unreachable())
                .hasValueSatisfying(
                        line ->
                                assertThat(line)
                                        .startsWith(
                                                "no PostgreSQL at jdbc:postgresql://127.0.0.1:1/postgres as postgres (")
                                        .contains("set SCHEMAOP_POSTGRES_URL")
                                        .doesNotContain("s3cret-pw"));
        assertThat(nowhere.toString()).doesNotContain("s3cret-pw");
    }
}
