package dev.schemaop.connectors.mariadb;

import static dev.schemaop.connectors.debezium.DebeziumOptions.prefixes;
import static dev.schemaop.connectors.debezium.DebeziumOptions.under;

import dev.schemaop.connectors.debezium.DebeziumOptions.Refusal;

import java.util.List;

/**
 * {@code debezium.*} options the source refuses at submission, because it decides them itself: each
 * would replace a part the source runs Debezium with, or make the snapshot and the binlog disagree.
 * One message per option: which, why the source owns it, what to use instead. Every other Debezium
 * option is passed on, over the source's own settings.
 */
final class RefusedDebeziumOptions {

    static final List<Refusal> RULES =
            List.of(
                    new Refusal(
                            prefixes(
                                    "snapshot.mode",
                                    "snapshot.locking.mode",
                                    "snapshot.select.statement.overrides",
                                    "snapshot.include.collection.list",
                                    "table.include.list",
                                    "table.exclude.list",
                                    "database.include.list",
                                    "database.exclude.list",
                                    "column.include.list",
                                    "column.exclude.list"),
                            "the source takes the snapshot itself and chooses the tables for both"
                                    + " the snapshot and the binlog, so Debezium's own snapshot"
                                    + " and table or column filters would make the two disagree",
                            "choose tables with 'tables' and the start with"
                                    + " 'scan.startup.mode'"),
                    new Refusal(
                            under("offset.storage"),
                            "the source keeps Debezium's binlog position in Flink's checkpoints"
                                    + " (Debezium's offset storage is the source's), so that a"
                                    + " restore resumes right after the checkpoint's last event;"
                                    + " another store would resume elsewhere",
                            "resume a job from a checkpoint or savepoint (-s), and choose where a"
                                    + " new job starts with 'scan.startup.mode'"),
                    new Refusal(
                            key -> key.equals("schema.history.internal.skip.unparseable.ddl"),
                            "it would drop the DDL statements Debezium cannot parse without a"
                                    + " word",
                            "set 'schema-change.unparseable: skip' to leave them out with a WARN"
                                    + " and a count, or keep the default 'fail'"),
                    new Refusal(
                            key ->
                                    under("schema.history.internal").test(key)
                                            && !key.equals("schema.history.internal.ddl.filter"),
                            "the source keeps Debezium's schema history in Flink's checkpoints,"
                                    + " compacted to the captured tables (Debezium's schema"
                                    + " history and what it records are the source's), so that a"
                                    + " restore describes the tables as they were at the"
                                    + " checkpoint",
                            "resume a job from a checkpoint or savepoint (-s); of the schema"
                                    + " history's options only 'debezium.schema.history.internal"
                                    + ".ddl.filter' is passed on"),
                    new Refusal(
                            under("database.history"),
                            "it is the name Debezium 1.x gave its schema history, which Debezium"
                                    + " 3.5 does not read, and the source keeps that history in"
                                    + " Flink's checkpoints",
                            "resume a job from a checkpoint or savepoint (-s)"),
                    new Refusal(
                            key -> key.equals("include.schema.changes"),
                            "the source reads every DDL statement from Debezium's schema change"
                                    + " records; without them no table change would reach the"
                                    + " pipeline",
                            "set 'schema-change.enabled: false' to keep DDL out of the pipeline"),
                    new Refusal(
                            key -> key.equals("topic.prefix") || key.equals("name"),
                            "the source stores Debezium's binlog position under its own topic"
                                    + " prefix and engine name (the snapshot's position, every"
                                    + " checkpoint's); under others a restore would not find it",
                            "leave the source its names"),
                    new Refusal(
                            key -> key.equals("connector.class"),
                            "the source runs its own Debezium MariaDB connector, whose DDL parser"
                                    + " reads quoted names as MariaDB does and ends the job, or"
                                    + " skips, on a statement it cannot parse",
                            "leave the source its connector"));

    private RefusedDebeziumOptions() {}
}
