package dev.schemaop.e2e.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Wrong credentials and an unreachable port through the command line: the sink's factory connects
 * at submission, so the run exits 2 (bad input) with one message, the file and line of the sink
 * option it names, what failed and what to check, and no stack trace; the password is neither on
 * stderr nor in the log. No table is touched: the tables these pipelines would create are never
 * created.
 */
class ConnectionFailuresTest {
    private static final String SECRET = "S3cret-Pa55word-e2e-jdbc";

    /** The schema (database) the pipelines would write into. */
    private static final String SCHEMA = "e2e_jdbc_unreached";

    /** Lines of the pipeline file below: the sink's url, username and password. */
    private static final int URL_LINE = 6;

    private static final int USERNAME_LINE = 7;
    private static final int PASSWORD_LINE = 8;

    @TempDir Path dir;

    @BeforeAll
    static void theConnectorComesFromItsJar() {
        JdbcPipelineRun.connectorJar();
    }

    private JdbcPipelineRun run(JdbcEndpoint endpoint, String url, String user) throws Exception {
        return run(endpoint, url, user, SECRET);
    }

    /** The pipeline, with a password option unless {@code password} is empty. */
    private JdbcPipelineRun run(JdbcEndpoint endpoint, String url, String user, String password)
            throws Exception {
        Path script = dir.resolve("script.yaml");
        Files.writeString(
                script,
                "- type: create.table\n"
                        + "  table: "
                        + SCHEMA
                        + ".t\n"
                        + "  columns: [{name: id, type: INT NOT NULL}]\n"
                        + "  primaryKeys: [id]\n"
                        + "- type: insert\n"
                        + "  table: "
                        + SCHEMA
                        + ".t\n"
                        + "  rows: [[1]]\n");
        String pipeline =
                "source:\n"
                        + "  type: values\n"
                        + "  script: "
                        + script
                        + "\n"
                        + endpoint.sinkBlock(url, user, password, "")
                        + "pipeline:\n"
                        + "  parallelism: 1\n";
        assertThat(pipeline.lines().toList().get(URL_LINE - 1)).startsWith("  url: ");
        assertThat(pipeline.lines().toList().get(USERNAME_LINE - 1)).startsWith("  username: ");
        assertThat(pipeline.lines().toList().get(PASSWORD_LINE - 1))
                .startsWith(password.isEmpty() ? "pipeline:" : "  password: ");
        return JdbcPipelineRun.run(dir, pipeline);
    }

    /** Exit 2, one message (the reason, then "Fix the sink block."), no password anywhere. */
    private List<String> assertRejected(JdbcPipelineRun run) throws Exception {
        assertThat(run.exitCode).as("exit code; stderr:\n%s", run.stderr).isEqualTo(2);
        assertThat(run.stderr).doesNotContain(SECRET);
        JdbcPipelineRun.assertNoStackTrace(run.stderr);
        List<String> lines = run.stderr.strip().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).isEqualTo("Fix the sink block.");
        Path log = Path.of("target", "test.log");
        if (Files.exists(log)) {
            assertThat(Files.readString(log)).as("the log").doesNotContain(SECRET);
        }
        return lines;
    }

    /**
     * The credentials message, at the line of the first credential option it names: 'username', or
     * 'password' when the driver's own text says "password" first (MariaDB's "using password: YES",
     * PostgreSQL's "password authentication failed").
     */
    private void assertCredentialsRefused(JdbcPipelineRun run, JdbcEndpoint endpoint, String user)
            throws Exception {
        String message = assertRejected(run).get(0);
        String file = dir.resolve("pipeline.yaml") + ":";
        assertThat(message).startsWith(file);
        String atLine = message.substring(file.length());
        assertThat(atLine)
                .as("at the line of 'username' or 'password'")
                .matches("(" + USERNAME_LINE + "|" + PASSWORD_LINE + "): .*");
        assertThat(atLine.substring(atLine.indexOf(": ") + 2))
                .startsWith(
                        "the '"
                                + endpoint.type()
                                + "' sink connector rejected its options: The "
                                + endpoint.type()
                                + " sink cannot connect as user '"
                                + user
                                + "' at "
                                + endpoint.url()
                                + ": ")
                .endsWith(" Check the credentials: the sink options 'username' and 'password'.");
    }

    private String at(int line) {
        return dir.resolve("pipeline.yaml") + ":" + line + ": ";
    }

    @Test
    void aWrongPasswordNamesTheCredentialsWithoutThePassword() throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.mariadb();
        try (SinkDatabase db = SinkDatabase.absent(endpoint, SCHEMA)) {

            JdbcPipelineRun run = run(endpoint, endpoint.url(), endpoint.user());

            assertCredentialsRefused(run, endpoint, endpoint.user());
            assertThat(run.stderr).contains("Access denied for user '" + endpoint.user() + "'");
            assertThat(db.schemaExists()).as("nothing created").isFalse();
        }
    }

    /** The local PostgreSQL trusts every password of the users it has: a user it has not. */
    @Test
    void anUnknownUserNamesTheCredentialsWithoutThePassword() throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.postgres();
        try (SinkDatabase db = SinkDatabase.absent(endpoint, SCHEMA)) {

            JdbcPipelineRun run = run(endpoint, endpoint.url(), "e2e_jdbc_no_such_user");

            assertCredentialsRefused(run, endpoint, "e2e_jdbc_no_such_user");
            assertThat(run.stderr).contains("\"e2e_jdbc_no_such_user\"");
            assertThat(db.schemaExists()).as("nothing created").isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"postgres", "mariadb"})
    void anUnreachablePortNamesHostAndPort(String sinkType) throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.of(sinkType);
        String url = endpoint.urlWithPort(1);

        JdbcPipelineRun run = run(endpoint, url, endpoint.user());

        String message = assertRejected(run).get(0);
        assertThat(message)
                .startsWith(
                        at(URL_LINE)
                                + "the '"
                                + sinkType
                                + "' sink connector rejected its options: The "
                                + sinkType
                                + " sink cannot connect as user '"
                                + endpoint.user()
                                + "' at "
                                + url
                                + ": ")
                .endsWith(
                        " Check the host and port in the url, and that the server runs and"
                                + " accepts connections from here.");
    }

    /** The password in the url, as some users write it, and no password option. */
    @Test
    void aPasswordInTheUrlIsMaskedToo() throws Exception {
        JdbcEndpoint endpoint = JdbcEndpoint.postgres();
        String url = endpoint.urlWithPort(1);

        JdbcPipelineRun run = run(endpoint, url + "?password=" + SECRET, endpoint.user(), "");

        String message = assertRejected(run).get(0);
        assertThat(message)
                .startsWith(
                        at(URL_LINE)
                                + "the 'postgres' sink connector rejected its options: The"
                                + " postgres sink cannot connect as user '"
                                + endpoint.user()
                                + "' at "
                                + url
                                + "?password=***: ")
                .endsWith(
                        " Check the host and port in the url, and that the server runs and"
                                + " accepts connections from here.");
    }
}
