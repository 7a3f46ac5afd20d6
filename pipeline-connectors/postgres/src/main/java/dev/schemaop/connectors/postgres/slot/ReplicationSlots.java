package dev.schemaop.connectors.postgres.slot;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;

import org.postgresql.PGConnection;
import org.postgresql.replication.ReplicationSlotInfo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The source's replication slot and its publication. A new job creates the slot itself, with an
 * exported snapshot that the snapshot reads under, so the first change the slot streams is the
 * first one the snapshot did not see. The publication holds the captured tables only.
 */
public final class ReplicationSlots {
    private ReplicationSlots() {}

    /** Whether the slot exists, and if so, whether a connection reads it now. */
    public record SlotState(boolean active, int activePid) {}

    /**
     * The slot's state; an active slot is watched for a few seconds first: the walsender of a job
     * that just stopped (a savepoint, a cancel) may still hold it for a moment.
     */
    public static Optional<SlotState> settledState(Connection connection, String slot)
            throws SQLException {
        Optional<SlotState> state = state(connection, slot);
        for (int i = 0; i < 50 && state.isPresent() && state.get().active(); i++) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return state;
            }
            state = state(connection, slot);
        }
        return state;
    }

    public static Optional<SlotState> state(Connection connection, String slot)
            throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement(
                        "SELECT active, COALESCE(active_pid, 0) FROM pg_replication_slots"
                                + " WHERE slot_name = ?")) {
            query.setString(1, slot);
            try (ResultSet row = query.executeQuery()) {
                return row.next()
                        ? Optional.of(new SlotState(row.getBoolean(1), row.getInt(2)))
                        : Optional.empty();
            }
        }
    }

    /**
     * Makes room for a new job's slot: an inactive slot of the name is dropped (a new job starts
     * over, and the old position means nothing to it); an active one belongs to another reader.
     */
    public static void dropForNewJob(Connection connection, PostgresSourceSettings settings)
            throws SQLException {
        Optional<SlotState> state = settledState(connection, settings.slotName());
        if (state.isEmpty()) {
            return;
        }
        if (state.get().active()) {
            throw inUse(settings, state.get());
        }
        try (PreparedStatement drop =
                connection.prepareStatement("SELECT pg_drop_replication_slot(?)")) {
            drop.setString(1, settings.slotName());
            drop.execute();
        }
    }

    public static NonRecoverableException inUse(PostgresSourceSettings settings, SlotState state) {
        return new NonRecoverableException(
                "The replication slot '"
                        + settings.slotName()
                        + "' on "
                        + settings.endpoint()
                        + " is in use by another connection (pid "
                        + state.activePid()
                        + "): another job reads it. Give this pipeline a 'slot.name' of its own,"
                        + " or stop the other job.");
    }

    /**
     * Creates the slot over a replication connection and keeps that connection open: the slot's
     * exported snapshot lives as long as it does, so it is closed once the snapshot's transaction
     * took the snapshot.
     */
    public static ExportedSnapshot create(PostgresSourceSettings settings) throws SQLException {
        Connection replication = PostgresConnections.replication(settings);
        try {
            ReplicationSlotInfo slot =
                    replication
                            .unwrap(PGConnection.class)
                            .getReplicationAPI()
                            .createReplicationSlot()
                            .logical()
                            .withSlotName(settings.slotName())
                            .withOutputPlugin("pgoutput")
                            .make();
            return new ExportedSnapshot(
                    replication, slot.getSnapshotName(), slot.getConsistentPoint().asString());
        } catch (SQLException | RuntimeException e) {
            replication.close();
            throw e;
        }
    }

    /** A slot's exported snapshot, valid while this holds the connection that created the slot. */
    public record ExportedSnapshot(Connection holder, String name, String consistentPoint)
            implements AutoCloseable {
        @Override
        public void close() throws SQLException {
            holder.close();
        }
    }
}
