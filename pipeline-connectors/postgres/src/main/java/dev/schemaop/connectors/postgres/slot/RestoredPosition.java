package dev.schemaop.connectors.postgres.slot;

import dev.schemaop.api.NonRecoverableException;
import dev.schemaop.connectors.debezium.OffsetCodec;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;

import org.postgresql.replication.LogSequenceNumber;

import javax.annotation.Nullable;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * A restored job's position against its slot. The server streams a slot from its confirmed position
 * at the earliest, without an error, whatever position is asked: a checkpoint older than the last
 * one completed (its WAL released) would lose the changes in between without a word. So such a
 * restore ends the job, as does a slot that is gone.
 */
public final class RestoredPosition {
    private RestoredPosition() {}

    /**
     * @param offsetJson the checkpoint's offset, null when it was taken before the first change
     *     (the slot's own position is then the checkpoint's)
     */
    public static void check(
            Connection connection, PostgresSourceSettings settings, @Nullable String offsetJson)
            throws SQLException {
        String confirmed;
        try (PreparedStatement query =
                connection.prepareStatement(
                        "SELECT confirmed_flush_lsn::text FROM pg_replication_slots"
                                + " WHERE slot_name = ?")) {
            query.setString(1, settings.slotName());
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw new NonRecoverableException(
                            "The replication slot '"
                                    + settings.slotName()
                                    + "' this job reads is gone from "
                                    + settings.endpoint()
                                    + ": the changes since the checkpoint are lost. Start the"
                                    + " pipeline again with --fresh (a new snapshot).");
                }
                confirmed = row.getString(1);
            }
        }
        if (offsetJson == null || confirmed == null) {
            return;
        }
        Map<String, Object> offset = OffsetCodec.fromJson(offsetJson);
        // what Debezium confirms of an offset: its last commit, else its last change
        Object resumeAt = offset.get("lsn_commit");
        if (resumeAt == null) {
            resumeAt = offset.getOrDefault("lsn_proc", offset.get("lsn"));
        }
        if (!(resumeAt instanceof Number lsn)) {
            return;
        }
        LogSequenceNumber released = LogSequenceNumber.valueOf(confirmed);
        if (Long.compareUnsigned(lsn.longValue(), released.asLong()) < 0) {
            throw new NonRecoverableException(
                    "The restored checkpoint resumes the replication slot '"
                            + settings.slotName()
                            + "' at "
                            + LogSequenceNumber.valueOf(lsn.longValue()).asString()
                            + ", but the slot has released the WAL up to "
                            + confirmed
                            + " (a later checkpoint completed): the changes between are gone."
                            + " Restore the latest checkpoint, or start the pipeline again with"
                            + " --fresh (a new snapshot).");
        }
    }
}
