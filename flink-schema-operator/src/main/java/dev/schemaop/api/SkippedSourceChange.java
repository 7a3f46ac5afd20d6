package dev.schemaop.api;

import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.TableId;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.Objects;

/**
 * A schema change a source left out on purpose, emitted by the source in its place (e.g. the
 * MariaDB source's {@code schema-change.unparseable: skip}): the runtime records it in the schema
 * decision history as {@code skipped} with the reason, so that no change disappears without a
 * trace. It carries no rows and changes no schema; sinks never see it.
 */
public final class SkippedSourceChange implements Event, Serializable {
    private static final long serialVersionUID = 1L;

    @Nullable private final TableId table;
    private final String statement;
    private final String reason;
    private final String position;

    /**
     * @param table the table the change was about, when the source knows it
     * @param statement the change as the source read it (a DDL statement)
     * @param reason why it was left out, in a word or two ({@code unparseable})
     * @param position where in the source's log it was ({@code binlog.000003:4567})
     */
    public SkippedSourceChange(
            @Nullable TableId table, String statement, String reason, String position) {
        this.table = table;
        this.statement = Objects.requireNonNull(statement, "statement");
        this.reason = Objects.requireNonNull(reason, "reason");
        this.position = Objects.requireNonNull(position, "position");
    }

    @Nullable
    public TableId table() {
        return table;
    }

    public String statement() {
        return statement;
    }

    public String reason() {
        return reason;
    }

    public String position() {
        return position;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SkippedSourceChange other
                && Objects.equals(table, other.table)
                && statement.equals(other.statement)
                && reason.equals(other.reason)
                && position.equals(other.position);
    }

    @Override
    public int hashCode() {
        return Objects.hash(table, statement, reason, position);
    }

    @Override
    public String toString() {
        return "SkippedSourceChange{"
                + table
                + " "
                + reason
                + " at "
                + position
                + ": "
                + Secrets.maskStatement(statement)
                + "}";
    }
}
