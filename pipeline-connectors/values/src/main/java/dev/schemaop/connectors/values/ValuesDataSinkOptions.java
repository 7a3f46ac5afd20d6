package dev.schemaop.connectors.values;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;

/** Options of the values sink ({@code sink: type: values}). */
public final class ValuesDataSinkOptions {

    private ValuesDataSinkOptions() {}

    public static final ConfigOption<Boolean> PRINT_ENABLED =
            ConfigOptions.key("print.enabled")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Print every event a writer receives to stdout, one line each.");

    public static final ConfigOption<String> OUTPUT_PATH =
            ConfigOptions.key("output.path")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "JSON file that holds the sink's tables and applied schema changes when"
                                    + " the job ends. A relative path is resolved against the working"
                                    + " directory; its directory must exist or be creatable.");

    public static final ConfigOption<String> SUPPORTED_SCHEMA_CHANGES =
            ConfigOptions.key("supported.schema.changes")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Comma-separated schema change tags (or families) the applier supports;"
                                    + " all when absent.");

    public static final ConfigOption<Boolean> ERROR_ON_SCHEMA_CHANGE =
            ConfigOptions.key("error.on.schema.change")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "The applier throws SchemaEvolveException for every change except"
                                    + " create.table.");

    public static final ConfigOption<String> FAIL_ONCE_ON =
            ConfigOptions.key("fail.once.on")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Schema change tag; the first time per output path and JVM the applier"
                                    + " gets a change of that type it throws without applying it.");

    public static final ConfigOption<String> WRITER_FAIL_ONCE_ON =
            ConfigOptions.key("writer.fail.once.on")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Schema change tag; the first time per output path and JVM a sink writer"
                                    + " receives a change of that type (after the applier applied it)"
                                    + " it throws, failing the task. For failover tests.");

    public static final ConfigOption<Long> APPLY_DELAY_MS =
            ConfigOptions.key("apply.delay.ms")
                    .longType()
                    .defaultValue(0L)
                    .withDescription(
                            "Milliseconds the MetadataApplier takes for each change, as a slow sink"
                                    + " would: keeps a change pending long enough for checkpoints to"
                                    + " complete meanwhile. For tests.");

    public static final ConfigOption<String> DELIVERY_GUARANTEE =
            ConfigOptions.key("delivery.guarantee")
                    .stringType()
                    .defaultValue("at-least-once")
                    .withDescription(
                            "at-least-once: writers write rows into the store as they come (a"
                                    + " failover replays them as idempotent upserts). exactly-once:"
                                    + " writers stage rows per checkpoint and a Sink v2 committer"
                                    + " applies them, once each, when the checkpoint completes.");

    public static final ConfigOption<Boolean> COMMITTER_FAIL_ONCE =
            ConfigOptions.key("committer.fail.once")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "With exactly-once: the first time per output path and JVM the committer"
                                    + " applies committables, it throws afterwards, as a sink that"
                                    + " fails before acknowledging a commit; the restarted job"
                                    + " commits them again. For failover tests.");

    public static final ConfigOption<Boolean> KEEP_EXISTING =
            ConfigOptions.key("keep.existing")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Keep the tables and schema changes an earlier job in this JVM left at"
                                    + " output.path, as a database keeps its tables, instead of"
                                    + " starting empty. For tests of resubmissions from a savepoint.");

    public static final ConfigOption<String> EXISTING_TABLES =
            ConfigOptions.key("existing.tables")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "YAML file listing the tables the sink has before the job starts (each"
                                    + " entry as a script's create.table event without 'type'); the"
                                    + " factory creates each one that the store lacks, without rows."
                                    + " A relative path is resolved like the source's 'script': against"
                                    + " pipeline.definition.dir when the runner gives it, else the"
                                    + " working directory.");

    public static final ConfigOption<Boolean> SCHEMA_CHANGES_NOOP =
            ConfigOptions.key("schema.changes.noop")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "The applier reports every schema change as applied but changes"
                                    + " nothing (logged at WARN): a sink whose DDL silently does"
                                    + " nothing. For tests of a runtime's read-back.");
}
