package dev.schemaop.connectors.values;

import dev.schemaop.connectors.values.script.ExistingTablesParser;
import dev.schemaop.connectors.values.sink.ValuesDataSink;
import dev.schemaop.connectors.values.sink.ValuesStore;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.event.SchemaChangeEventTypeFamily;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.sink.DataSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Creates the values sink. Creating it empties the store of its {@code output.path} in this JVM:
 * the factory runs once per job submission, in the client, before any writer or applier of the job
 * runs (on an embedded MiniCluster they share this JVM and the store). Then it creates the tables
 * {@code existing.tables} lists, as the tables a database has before the job starts.
 */
public class ValuesDataSinkFactory implements DataSinkFactory {

    private static final Logger LOG = LoggerFactory.getLogger(ValuesDataSinkFactory.class);

    public static final String IDENTIFIER = "values";

    private static final String FAMILIES = "add, alter, create, drop, rename, table, column, all";

    @Override
    public DataSink createDataSink(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validate();
        Configuration config = context.getFactoryConfiguration();
        String outputPath = config.get(ValuesDataSinkOptions.OUTPUT_PATH);
        Set<SchemaChangeEventType> supported =
                config.getOptional(ValuesDataSinkOptions.SUPPORTED_SCHEMA_CHANGES)
                        .map(ValuesDataSinkFactory::parseTags)
                        .orElse(EnumSet.allOf(SchemaChangeEventType.class));
        SchemaChangeEventType failOnceOn =
                config.getOptional(ValuesDataSinkOptions.FAIL_ONCE_ON)
                        .map(String::trim)
                        .filter(s -> !s.isEmpty())
                        .map(tag -> parseTag(tag, ValuesDataSinkOptions.FAIL_ONCE_ON.key()))
                        .orElse(null);
        SchemaChangeEventType writerFailOnceOn =
                config.getOptional(ValuesDataSinkOptions.WRITER_FAIL_ONCE_ON)
                        .map(String::trim)
                        .filter(s -> !s.isEmpty())
                        .map(tag -> parseTag(tag, ValuesDataSinkOptions.WRITER_FAIL_ONCE_ON.key()))
                        .orElse(null);
        boolean exactlyOnce = exactlyOnce(config.get(ValuesDataSinkOptions.DELIVERY_GUARANTEE));
        boolean committerFailOnce = config.get(ValuesDataSinkOptions.COMMITTER_FAIL_ONCE);
        if (committerFailOnce && !exactlyOnce) {
            throw new IllegalArgumentException(
                    "Option 'committer.fail.once' of the values sink needs 'delivery.guarantee:"
                            + " exactly-once': the at-least-once sink has no committer.");
        }
        OutputPathCheck.check(outputPath);
        // read (and checked) before the reset: a bad file leaves the store as it was
        Map<TableId, Schema> existingTables =
                config.getOptional(ValuesDataSinkOptions.EXISTING_TABLES)
                        .map(file -> readExistingTables(file, context))
                        .orElse(Map.of());
        ValuesStore store = ValuesStore.forPath(outputPath);
        boolean dryRun = RunnerSettings.of(context.getPipelineConfiguration()).dryRun();
        if (!config.get(ValuesDataSinkOptions.KEEP_EXISTING) && !dryRun) {
            store.reset();
        }
        if (!existingTables.isEmpty()) {
            seed(store, existingTables, dryRun);
        }
        return new ValuesDataSink(
                outputPath,
                config.get(ValuesDataSinkOptions.PRINT_ENABLED),
                supported,
                config.get(ValuesDataSinkOptions.ERROR_ON_SCHEMA_CHANGE),
                failOnceOn,
                writerFailOnceOn,
                config.get(ValuesDataSinkOptions.APPLY_DELAY_MS),
                exactlyOnce,
                committerFailOnce,
                config.get(ValuesDataSinkOptions.SCHEMA_CHANGES_NOOP));
    }

    /**
     * The tables {@code existing.tables} lists; the file is found as the source's {@code script}
     * ({@link ScriptFile}).
     */
    private static Map<TableId, Schema> readExistingTables(String file, Context context) {
        RunnerSettings runner = RunnerSettings.of(context.getPipelineConfiguration());
        ScriptFile located =
                ScriptFile.locate(ScriptFile.Role.EXISTING_TABLES, file, runner.definitionDir());
        return ExistingTablesParser.parse(located.path().toString(), located.read());
    }

    /**
     * Creates each listed table the store lacks, without rows and without recording a schema change
     * (the table was there before the job), then writes the output file, so it shows the tables
     * even if the job fails before a writer writes it; not in a dry run, which changes nothing.
     */
    private static void seed(ValuesStore store, Map<TableId, Schema> tables, boolean dryRun) {
        tables.forEach(
                (table, schema) -> {
                    if (store.getSchema(table) != null) {
                        LOG.info(
                                "Values sink: existing.tables lists {}, which the store already"
                                        + " has (keep.existing); it keeps the stored table",
                                table);
                    } else {
                        store.createTableIfAbsent(table, schema);
                        LOG.info("Values sink: created existing table {} {}", table, schema);
                    }
                });
        if (!dryRun) {
            store.writeFile();
        }
    }

    private static boolean exactlyOnce(String guarantee) {
        switch (guarantee.trim().toLowerCase(Locale.ROOT)) {
            case "at-least-once":
                return false;
            case "exactly-once":
                return true;
            default:
                throw new IllegalArgumentException(
                        "Unknown value '"
                                + guarantee
                                + "' of option 'delivery.guarantee' of the values sink; valid:"
                                + " at-least-once, exactly-once");
        }
    }

    /** Parses a comma-separated list of schema change tags and families. */
    static Set<SchemaChangeEventType> parseTags(String list) {
        Set<SchemaChangeEventType> out = EnumSet.noneOf(SchemaChangeEventType.class);
        for (String raw : list.split(",")) {
            String tag = raw.trim();
            if (tag.isEmpty()) {
                continue;
            }
            SchemaChangeEventType exact = exactTag(tag);
            if (exact != null) {
                out.add(exact);
                continue;
            }
            SchemaChangeEventType[] family = family(tag);
            if (family == null) {
                throw unknownTag(tag, ValuesDataSinkOptions.SUPPORTED_SCHEMA_CHANGES.key(), true);
            }
            out.addAll(Arrays.asList(family));
        }
        return out;
    }

    private static SchemaChangeEventType parseTag(String tag, String option) {
        SchemaChangeEventType exact = exactTag(tag);
        if (exact == null) {
            throw unknownTag(tag, option, false);
        }
        return exact;
    }

    private static SchemaChangeEventType exactTag(String tag) {
        for (SchemaChangeEventType t : SchemaChangeEventType.values()) {
            if (t.getTag().equalsIgnoreCase(tag)) {
                return t;
            }
        }
        return null;
    }

    private static SchemaChangeEventType[] family(String tag) {
        switch (tag.toLowerCase()) {
            case "add":
                return SchemaChangeEventTypeFamily.ADD;
            case "alter":
                return SchemaChangeEventTypeFamily.ALTER;
            case "create":
                return SchemaChangeEventTypeFamily.CREATE;
            case "drop":
                return SchemaChangeEventTypeFamily.DROP;
            case "rename":
                return SchemaChangeEventTypeFamily.RENAME;
            case "table":
                return SchemaChangeEventTypeFamily.TABLE;
            case "column":
                return SchemaChangeEventTypeFamily.COLUMN;
            case "all":
                return SchemaChangeEventTypeFamily.ALL;
            default:
                return null;
        }
    }

    private static IllegalArgumentException unknownTag(
            String tag, String option, boolean familiesAllowed) {
        String exact =
                Arrays.stream(SchemaChangeEventType.values())
                        .map(SchemaChangeEventType::getTag)
                        .collect(Collectors.joining(", "));
        return new IllegalArgumentException(
                "Unknown schema change type '"
                        + tag
                        + "' in option '"
                        + option
                        + "' of the values sink; valid: "
                        + exact
                        + (familiesAllowed ? ", or the families " + FAMILIES : ""));
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return new HashSet<>();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new HashSet<>();
        options.add(ValuesDataSinkOptions.PRINT_ENABLED);
        options.add(ValuesDataSinkOptions.OUTPUT_PATH);
        options.add(ValuesDataSinkOptions.SUPPORTED_SCHEMA_CHANGES);
        options.add(ValuesDataSinkOptions.ERROR_ON_SCHEMA_CHANGE);
        options.add(ValuesDataSinkOptions.FAIL_ONCE_ON);
        options.add(ValuesDataSinkOptions.WRITER_FAIL_ONCE_ON);
        options.add(ValuesDataSinkOptions.APPLY_DELAY_MS);
        options.add(ValuesDataSinkOptions.KEEP_EXISTING);
        options.add(ValuesDataSinkOptions.DELIVERY_GUARANTEE);
        options.add(ValuesDataSinkOptions.COMMITTER_FAIL_ONCE);
        options.add(ValuesDataSinkOptions.EXISTING_TABLES);
        options.add(ValuesDataSinkOptions.SCHEMA_CHANGES_NOOP);
        return options;
    }
}
