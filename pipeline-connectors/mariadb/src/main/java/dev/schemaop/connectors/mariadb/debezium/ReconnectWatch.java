package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.api.NonRecoverableException;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import io.debezium.pipeline.ErrorHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Tells Debezium when the server refuses the source's user after the binlog connection was lost.
 * The binlog client reconnects on its own, and a reconnection the server refuses (a password
 * changed while the job ran) it only logs, through java.util.logging, and tries again a minute
 * later, without end: Debezium never learns of it, and the job runs on reading nothing. So when the
 * connection drops, the watch logs in once as the source over JDBC, on a thread of its own; a
 * refusal ends the reading, as any failure of Debezium's reader does, with the refusal's message.
 * Anything else (the server not reachable yet) is left to the binlog client's reconnection.
 */
final class ReconnectWatch extends BinaryLogClient.AbstractLifecycleListener {
    private static final Logger LOG = LoggerFactory.getLogger(ReconnectWatch.class);

    private final Supplier<Optional<NonRecoverableException>> refusal;
    private final ErrorHandler errors;
    private final AtomicBoolean probing = new AtomicBoolean();

    /**
     * @param refusal logs in as the source and says whether the server refuses it what it needs
     * @param errors where Debezium's reader reports what stops it
     */
    ReconnectWatch(Supplier<Optional<NonRecoverableException>> refusal, ErrorHandler errors) {
        this.refusal = refusal;
        this.errors = errors;
    }

    @Override
    public void onDisconnect(BinaryLogClient client) {
        if (!probing.compareAndSet(false, true)) {
            return;
        }
        Thread probe =
                new Thread(
                        () -> {
                            try {
                                refusal.get().ifPresent(errors::setProducerThrowable);
                            } catch (RuntimeException e) {
                                LOG.debug("Could not check the source's login", e);
                            } finally {
                                probing.set(false);
                            }
                        },
                        "mariadb-source-login-check");
        probe.setDaemon(true);
        probe.start();
    }
}
