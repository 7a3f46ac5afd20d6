package dev.schemaop.connectors.jdbc.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.connectors.jdbc.testutil.JdbcEndpoints;
import dev.schemaop.connectors.jdbc.testutil.LogCapture;
import dev.schemaop.connectors.jdbc.testutil.TestDatabase;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one connection of a writer or the applier against a real server, its clock moved by the test:
 * kept between units of work; replaced before use when it was lost while idle (a killed session, as
 * a server restart kills them all) without a failed attempt; retried on a fresh one when it was
 * lost just after its last use; replaced when it is older than its lifetime, the old one closed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RetryingConnectionIntegrationTestBase {

    protected TestDatabase db;
    private final AtomicLong now = new AtomicLong(1_000_000);
    private RetryingConnection connection;

    protected abstract JdbcEndpoints.Endpoint endpoint();

    protected abstract String schema();

    /** The query of the session's id on the server. */
    protected abstract String sessionIdQuery();

    /** Ends the session from the server side. */
    protected abstract void kill(long session) throws SQLException;

    /** Whether the server still has the session. */
    protected abstract boolean exists(long session) throws SQLException;

    @BeforeAll
    void setUp() throws Exception {
        db = TestDatabase.fresh(endpoint(), schema());
    }

    @AfterAll
    void tearDown() throws Exception {
        if (db != null) {
            db.close();
        }
    }

    @BeforeEach
    void open() {
        connection =
                new RetryingConnection(
                        endpoint().dialect(),
                        endpoint().options(),
                        "test-connection",
                        2,
                        false,
                        now::get);
    }

    @AfterEach
    void close() {
        connection.close();
    }

    private long session() throws SQLException {
        return connection.run(
                "reading the session id",
                c -> {
                    try (Statement st = c.createStatement();
                            ResultSet rs = st.executeQuery(sessionIdQuery())) {
                        rs.next();
                        return rs.getLong(1);
                    }
                });
    }

    private void advance(Duration duration) {
        now.addAndGet(duration.toMillis());
    }

    @Test
    void keepsItsConnectionBetweenUnitsOfWork() throws Exception {
        long first = session();
        advance(Duration.ofSeconds(29));
        assertThat(session()).isEqualTo(first);
        advance(Duration.ofSeconds(29));
        assertThat(session()).isEqualTo(first);
    }

    @Test
    void aConnectionLostWhileIdleIsReplacedBeforeUseWithoutAFailedAttempt() throws Exception {
        long first = session();
        kill(first);
        advance(RetryingConnection.VALIDATE_AFTER_IDLE);
        try (LogCapture log = LogCapture.start()) {
            assertThat(session()).isNotEqualTo(first);
            assertThat(log.text())
                    .contains(
                            "test-connection: its connection was lost while idle for 30 s (server"
                                    + " restart, killed session or idle timeout); opening a new"
                                    + " one")
                    .doesNotContain("retrying");
        }
    }

    @Test
    void aConnectionLostJustAfterItsLastUseIsRetriedOnAFreshOne() throws Exception {
        long first = session();
        kill(first);
        advance(Duration.ofSeconds(1));
        try (LogCapture log = LogCapture.start()) {
            assertThat(session()).isNotEqualTo(first);
            assertThat(log.text())
                    .contains(
                            "reading the session id failed (attempt 1 of 3), retrying on a fresh"
                                    + " connection");
        }
    }

    /** An interrupt during the back-off ends the work with what happened, not the last failure. */
    @Test
    void anInterruptWhileWaitingToRetryEndsTheWorkSayingSo() throws Exception {
        SQLException deadlock = new SQLException("deadlock detected", "40001");
        try {
            assertThatThrownBy(
                            () ->
                                    connection.run(
                                            "writing rows",
                                            c -> {
                                                Thread.currentThread().interrupt();
                                                throw deadlock;
                                            }))
                    .isInstanceOf(SQLException.class)
                    .hasMessage("Interrupted while retrying: writing rows");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aConnectionOlderThanItsLifetimeIsReplacedAndClosed() throws Exception {
        long first = session();
        advance(RetryingConnection.MAX_LIFETIME);
        long second = session();
        assertThat(second).isNotEqualTo(first);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (exists(first) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(exists(first)).as("the old session is closed").isFalse();
        assertThat(exists(second)).isTrue();
    }
}
