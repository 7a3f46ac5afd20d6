package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;

/**
 * Where the sink tables stood right after one upstream change (a table and a position) was handled,
 * and a fingerprint of the upstream schema it led to: a later report of the same position counts as
 * the same change only if it leads to the same schema.
 */
record Mark(long upstreamFingerprint, Map<TableId, Integer> sinkVersions) {

    boolean leadsTo(@Nullable Schema upstreamAfter) {
        return upstreamFingerprint == fingerprint(upstreamAfter);
    }

    /** Stable across JVMs (checkpoints): a digest of the schema's text, not hashCode(). */
    static long fingerprint(@Nullable Schema schema) {
        if (schema == null) {
            return 0L;
        }
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256")
                            .digest(schema.toString().getBytes(StandardCharsets.UTF_8));
            long value = 0;
            for (int i = 0; i < 8; i++) {
                value = (value << 8) | (digest[i] & 0xff);
            }
            return value;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
