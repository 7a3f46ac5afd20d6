package dev.schemaop.connectors.jdbc.connection;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.List;

class RedactionTest {

    @Test
    void masksPasswordsInUrls() {
        assertThat(
                        Redaction.redactUrl(
                                "jdbc:postgresql://h:5432/db?user=u&password=s3cret&ssl=true"))
                .isEqualTo("jdbc:postgresql://h:5432/db?user=u&password=***&ssl=true");
        assertThat(Redaction.redactUrl("jdbc:mariadb://h/db?PASSWORD=s3cret"))
                .isEqualTo("jdbc:mariadb://h/db?PASSWORD=***");
        assertThat(Redaction.redactUrl("jdbc:mysql://u:s3cret@h:3306/db"))
                .isEqualTo("jdbc:mysql://u:***@h:3306/db");
        assertThat(Redaction.redactUrl("jdbc:postgresql://h/db"))
                .isEqualTo("jdbc:postgresql://h/db");
        assertThat(Redaction.passwordsIn("jdbc:x://u:pw1@h/db?password=pw2"))
                .containsExactlyInAnyOrder("pw1", "pw2");
    }

    @Test
    void optionsNeverPrintThePassword() {
        JdbcConnectionOptions options =
                new JdbcConnectionOptions(
                        "jdbc:postgresql://h/db?sslpassword=inurl", "u", "s3cret-pw");
        assertThat(options.toString())
                .doesNotContain("s3cret-pw")
                .doesNotContain("inurl")
                .contains("password=***");
        assertThat(options.describe())
                .isEqualTo("user 'u' at jdbc:postgresql://h/db?sslpassword=***");
        assertThat(options.scrub("failed for s3cret-pw and inurl"))
                .isEqualTo("failed for *** and ***");
        assertThat(new JdbcConnectionOptions("jdbc:postgresql://h/db", null, null).toString())
                .contains("password=(none)");
    }

    @Test
    void scrubsExceptionChainsOnlyWhenNeeded() {
        SQLException clean = new SQLException("connection refused");
        assertThat(Redaction.scrub(clean, List.of("s3cret"))).isSameAs(clean);

        SQLException leaking =
                new SQLException("outer", new IllegalStateException("inner s3cret here"));
        Throwable scrubbed = Redaction.scrub(leaking, List.of("s3cret"));
        assertThat(scrubbed).isInstanceOf(Redaction.ScrubbedException.class);
        assertThat(scrubbed.getMessage()).isEqualTo("java.sql.SQLException: outer");
        assertThat(scrubbed.getCause().getMessage())
                .isEqualTo("java.lang.IllegalStateException: inner *** here");
        assertThat(scrubbed.getStackTrace()).isEqualTo(leaking.getStackTrace());
    }
}
