package dev.schemaop.registry;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;

import java.time.Duration;
import java.util.List;

/** The messages a failed schema change fails the job with: what, where, how to fix (SPEC §9). */
final class EvolutionFailures {
    private EvolutionFailures() {}

    static SchemaEvolutionException timeout(
            TableId sink, SchemaChangeEvent event, Duration rpcTimeout) {
        return new SchemaEvolutionException(
                String.format(
                        "The sink did not finish applying %s to table %s within %s "
                                + "(pipeline option schema-operator.rpc-timeout). Raise "
                                + "'schema-operator.rpc-timeout' in the pipeline block if its DDL "
                                + "needs longer, or check that the sink is reachable.",
                        event, sink, rpcTimeout),
                null);
    }

    static SchemaEvolutionException applyFailure(
            TableId sink, SchemaChangeEvent event, SchemaChangeBehavior behavior, Throwable cause) {
        return new SchemaEvolutionException(
                String.format(
                        "The sink failed to apply %s to table %s (pipeline.schema.change.behavior: %s): %s."
                                + " Fix the table or the sink and restart from the last checkpoint,"
                                + " or keep such changes from the sink: exclude.schema.changes: [%s]"
                                + " in the sink block, or schema.change.behavior: lenient (never"
                                + " narrows or drops) or ignore.",
                        event,
                        sink,
                        behavior.name().toLowerCase(),
                        oneLine(describe(cause)),
                        event.getType().getTag()),
                cause);
    }

    static SchemaEvolutionException describeFailure(List<TableId> tables, Throwable cause) {
        return new SchemaEvolutionException(
                String.format(
                        "The sink could not describe the existing tables %s"
                                + " (existing-table.schema-expansion.mode, or create.table"
                                + " excluded): %s. Check that the sink is reachable and that its"
                                + " user may read the tables' definitions.",
                        tables, describe(cause)),
                cause);
    }

    static SchemaEvolutionException describeTimeout(List<TableId> tables, Duration rpcTimeout) {
        return new SchemaEvolutionException(
                String.format(
                        "The sink did not describe the existing tables %s within %s (pipeline"
                                + " option schema-operator.rpc-timeout). Raise it, or check that"
                                + " the sink is reachable.",
                        tables, rpcTimeout),
                null);
    }

    /** A database's answer may run over several lines (PostgreSQL's "Position: 89"). */
    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** Flink CDC's SchemaEvolveException keeps its text out of getMessage(). */
    private static String describe(Throwable cause) {
        if (cause instanceof SchemaEvolveException) {
            String text = ((SchemaEvolveException) cause).getExceptionMessage();
            return text != null ? text : cause.toString();
        }
        return cause.getMessage() != null ? cause.getMessage() : cause.toString();
    }
}
