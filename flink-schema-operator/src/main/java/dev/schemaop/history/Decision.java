package dev.schemaop.history;

import com.fasterxml.jackson.annotation.JsonInclude;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Map;

/**
 * One decision of the registry, as a line of the history.
 *
 * @param time when it was made (ISO-8601, UTC)
 * @param job the job that made it
 * @param sequence the registry's number of a completed decision (one per upstream change, in
 *     order); null for a change that was rejected or failed, which does not complete
 * @param table the upstream table
 * @param event the upstream schema change; null for one finished after a restore (the log keeps
 *     what it did, not what asked for it)
 * @param brief the event in a few words ({@link EventText})
 * @param outcome applied, converted, widened, skipped, rejected, expanded, checked, failed, or
 *     discarded (not a decision: the values the rows discarded, SPEC §3)
 * @param reason why, for skipped, rejected and failed
 * @param sinks what each sink table routed from {@code table} got
 * @param checkpoint for outcome {@code discarded}: the checkpoint whose rows discarded the values
 * @param discarded for outcome {@code discarded}: per column of the sink table {@code table}, how
 *     many values the rows up to {@code checkpoint} discarded since the table's previous such line
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Decision(
        String time,
        String job,
        @Nullable Long sequence,
        String table,
        @Nullable String event,
        @Nullable String brief,
        String behavior,
        String outcome,
        @Nullable String reason,
        List<SinkResult> sinks,
        @Nullable Long checkpoint,
        @Nullable Map<String, Long> discarded) {

    public Decision {
        sinks = List.copyOf(sinks);
    }

    /**
     * What one sink table got.
     *
     * @param received the schema change events the sink applied, in order
     * @param brief the same in a few words each
     * @param skipped what was left out and why ("REASON: event")
     */
    public record SinkResult(
            String table,
            int versionBefore,
            int versionAfter,
            List<String> received,
            List<String> brief,
            List<String> skipped) {
        public SinkResult {
            received = List.copyOf(received);
            brief = List.copyOf(brief);
            skipped = List.copyOf(skipped);
        }
    }
}
