package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import javax.annotation.Nullable;

import java.util.Map;

/**
 * Where the sink tables stood right after one upstream change was handled. A subtask that
 * reports the same change later is brought to these versions, not to the newest ones: its
 * following rows have the shape of this moment, and the sink writers bring them forward
 * (renames included) to whatever the sink has by then.
 */
record UpstreamMark(@Nullable Schema upstreamAfter, int ordinal, Map<TableId, Integer> sinkVersions) {

    boolean matches(@Nullable Schema otherUpstreamAfter, int otherOrdinal) {
        if (otherOrdinal > 0 || ordinal > 0) {
            return ordinal == otherOrdinal;
        }
        return java.util.Objects.equals(upstreamAfter, otherUpstreamAfter);
    }
}
