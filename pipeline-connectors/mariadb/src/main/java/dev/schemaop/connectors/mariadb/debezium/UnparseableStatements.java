package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.api.SkippedSourceChange;
import dev.schemaop.connectors.debezium.TablePattern;
import dev.schemaop.connectors.mariadb.SourceSettings.Unparseable;

import org.apache.flink.metrics.Counter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What the source does with a DDL statement of the binlog that Debezium's parser cannot read
 * ({@code schema-change.unparseable}). The statement stays in the binlog, so a restart from the
 * last checkpoint meets it again: under {@code fail} the job ends at once ({@link
 * NonRecoverableException}); under {@code skip} it is left out.
 */
public final class UnparseableStatements {
    private static final Logger LOG = LoggerFactory.getLogger(UnparseableStatements.class);

    /** The reader's metric of statements left out. */
    public static final String SKIPPED_METRIC = "unparseableSchemaChangesSkipped";

    private final Unparseable mode;
    private final CapturedDatabases captured;
    private final Counter skipped;

    /** Statements left out, for the reader to hand on to the decision history. */
    private final Queue<SkippedSourceChange> toReport = new ConcurrentLinkedQueue<>();

    public UnparseableStatements(Unparseable mode, List<TablePattern> tables, Counter skipped) {
        this.mode = mode;
        this.captured = new CapturedDatabases(tables);
        this.skipped = skipped;
    }

    /**
     * Ends the job ({@code fail}) or leaves the statement out ({@code skip}); called on Debezium's
     * thread, while it reads the statement at {@code position}. A statement that can name no
     * captured database is passed over under either (an INFO line).
     *
     * @param database the statement's current database, null or empty for none
     * @throws NonRecoverableException under {@code fail}
     */
    void handle(String ddl, String database, EventPosition position, RuntimeException error) {
        UnparseableStatement statement = UnparseableStatement.of(ddl, database, position, error);
        if (!captured.mayBeNamedIn(ddl, database)) {
            LOG.info(statement.passedOver());
            return;
        }
        if (mode == Unparseable.FAIL) {
            throw new NonRecoverableException(statement.failure());
        }
        skip(statement);
    }

    /**
     * Every statement left out passes here, with its position, and goes on to the runtime's
     * decision history ({@link #takeSkipped}).
     */
    private void skip(UnparseableStatement statement) {
        LOG.warn(statement.skipped());
        skipped.inc();
        toReport.add(
                new SkippedSourceChange(
                        null,
                        statement.statement(),
                        "unparseable",
                        statement.position().toString()));
    }

    /**
     * The statements left out since the last call, each as the event the runtime records in its
     * decision history; the reader emits them. Called on the reader's thread.
     */
    public List<SkippedSourceChange> takeSkipped() {
        List<SkippedSourceChange> taken = new ArrayList<>();
        for (SkippedSourceChange next = toReport.poll(); next != null; next = toReport.poll()) {
            taken.add(next);
        }
        return taken;
    }
}
