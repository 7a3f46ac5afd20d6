package dev.schemaop.registry;

import dev.schemaop.behavior.SkippedChange;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashSet;
import java.util.Set;

/**
 * One INFO line for the first change of each kind a behavior leaves out on a table: the decision
 * history has every one, the log only says that it happens.
 */
final class SkippedChangeLog {
    private static final Logger LOG = LoggerFactory.getLogger(SkippedChangeLog.class);

    private final Set<String> logged = new HashSet<>();

    void skipped(SkippedChange skipped) {
        SchemaChangeEvent event = skipped.event();
        String key = event.tableId() + "/" + event.getType() + "/" + skipped.reason();
        if (logged.add(key)) {
            LOG.info(
                    "Ignored schema change {} ({}). Rows are reshaped onto the sink's schema; further "
                            + "changes of this type on {} are ignored without a log line.",
                    event,
                    skipped.reason(),
                    event.tableId());
        }
    }
}
