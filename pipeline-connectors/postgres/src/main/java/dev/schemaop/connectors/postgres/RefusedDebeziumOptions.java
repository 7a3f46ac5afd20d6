package dev.schemaop.connectors.postgres;

import static dev.schemaop.connectors.debezium.DebeziumOptions.prefixes;

import dev.schemaop.connectors.debezium.DebeziumOptions.Refusal;

import java.util.List;

/**
 * {@code debezium.*} options the source refuses at submission, because it decides them itself: each
 * would replace a part the source runs Debezium with, or make the snapshot, the stream and the
 * captured DDL disagree. One message per option: which, why the source owns it, what to use
 * instead. Every other Debezium option is passed on, over the source's own settings.
 */
final class RefusedDebeziumOptions {

    static final List<Refusal> RULES =
            List.of(
                    new Refusal(
                            prefixes(
                                    "snapshot.",
                                    "table.include.list",
                                    "table.exclude.list",
                                    "schema.include.list",
                                    "schema.exclude.list",
                                    "column.include.list",
                                    "column.exclude.list"),
                            "the source takes the snapshot itself, under the slot's exported"
                                    + " snapshot, and chooses the tables for the snapshot, the"
                                    + " stream and the DDL alike; Debezium's own snapshot and"
                                    + " filters would make them disagree",
                            "choose tables with 'tables' and the start with"
                                    + " 'scan.startup.mode'"),
                    new Refusal(
                            prefixes(
                                    "slot.",
                                    "plugin.name",
                                    "publication.",
                                    "message.prefix.",
                                    "flush.lsn.source",
                                    "lsn.flush.",
                                    "heartbeat.",
                                    "offset.mismatch.strategy"),
                            "the source creates the slot and its publication itself, reads its"
                                    + " DDL messages from the same stream, and confirms a"
                                    + " position to the slot only when a checkpoint holding it is"
                                    + " complete",
                            "name the slot with 'slot.name'"),
                    new Refusal(
                            prefixes("skip.messages.without.change"),
                            "the DDL capture writes the rows CREATE TABLE AS made into the stream"
                                    + " as updates that change nothing, which the source turns"
                                    + " into inserts; Debezium would drop them, and the rows"
                                    + " would never reach the sink",
                            "leave it unset"),
                    new Refusal(
                            prefixes("offset.storage", "offset.flush", "errors.max.retries"),
                            "the source keeps Debezium's WAL position in Flink's checkpoints, so"
                                    + " that a restore resumes right after the checkpoint's last"
                                    + " event",
                            "resume a job from a checkpoint or savepoint (-s)"),
                    new Refusal(
                            prefixes(
                                    "decimal.handling.mode",
                                    "time.precision.mode",
                                    "binary.handling.mode",
                                    "skipped.operations",
                                    "converters",
                                    "transforms",
                                    "predicates",
                                    "column.mask.",
                                    "column.truncate.",
                                    "column.propagate.",
                                    "include.unknown.datatypes",
                                    "unavailable.value.placeholder",
                                    "interval.handling.mode",
                                    "hstore.handling.mode",
                                    "money.fraction.digits",
                                    "field.name.adjustment.mode",
                                    "schema.name.adjustment.mode"),
                            "the source reads values in the forms its type mapping is written"
                                    + " for (README of the postgres source); others would change"
                                    + " the rows' values between snapshot and stream",
                            "leave the source its value forms"),
                    new Refusal(
                            key ->
                                    key.equals("topic.prefix")
                                            || key.equals("name")
                                            || key.equals("connector.class")
                                            || List.of(
                                                            "database.hostname",
                                                            "database.port",
                                                            "database.user",
                                                            "database.password",
                                                            "database.dbname")
                                                    .contains(key),
                            "the source stores its WAL position under its own names, runs its own"
                                    + " Debezium PostgreSQL connector and connects with the"
                                    + " source's own options",
                            "use hostname, port, username, password and database-name"));

    private RefusedDebeziumOptions() {}
}
