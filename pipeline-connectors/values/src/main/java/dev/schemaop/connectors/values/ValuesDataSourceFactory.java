package dev.schemaop.connectors.values;

import dev.schemaop.connectors.values.script.ScriptParser;
import dev.schemaop.connectors.values.script.ValuesScript;
import dev.schemaop.connectors.values.source.ReaderFaults;
import dev.schemaop.connectors.values.source.ValuesDataSource;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.factories.DataSourceFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.source.DataSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Creates the values source. The script is read and checked here, at submission: its path is
 * resolved as {@link ScriptFile} says, and fences are checked against the runner's checkpointing.
 */
public class ValuesDataSourceFactory implements DataSourceFactory {

    public static final String IDENTIFIER = "values";

    @Override
    public DataSource createDataSource(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validate();
        Configuration config = context.getFactoryConfiguration();
        String script = config.get(ValuesDataSourceOptions.SCRIPT);
        int splits = config.get(ValuesDataSourceOptions.SPLITS);
        long delayMs = config.get(ValuesDataSourceOptions.EVENT_DELAY_MS);
        if (splits < 1) {
            throw new IllegalArgumentException(
                    "Option 'splits' of the values source must be at least 1, got " + splits);
        }
        if (delayMs < 0) {
            throw new IllegalArgumentException(
                    "Option 'event.delay.ms' of the values source must not be negative, got "
                            + delayMs);
        }
        RunnerSettings runner = RunnerSettings.of(context.getPipelineConfiguration());
        ScriptFile file = ScriptFile.locate(script, runner.definitionDir());
        String text = file.read();
        ValuesScript parsed = ScriptParser.parse(file.path().toString(), text);
        CheckpointFenceCheck.check(parsed, runner);
        return new ValuesDataSource(
                parsed, text, splits, delayMs, readerFaults(file.path(), config));
    }

    private static ReaderFaults readerFaults(Path script, Configuration config) {
        String listed = config.get(ValuesDataSourceOptions.FAIL_AT_EVENTS);
        if (listed == null || listed.isBlank()) {
            return ReaderFaults.none();
        }
        List<Long> numbers = new ArrayList<>();
        for (String number : listed.split(",")) {
            try {
                numbers.add(Long.parseLong(number.strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "Option 'fail.at.events' of the values source takes comma-separated event"
                                + " numbers, got '"
                                + listed
                                + "'");
            }
        }
        return ReaderFaults.at(script.toAbsolutePath().normalize().toString(), numbers);
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        Set<ConfigOption<?>> options = new HashSet<>();
        options.add(ValuesDataSourceOptions.SCRIPT);
        return options;
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new HashSet<>();
        options.add(ValuesDataSourceOptions.SPLITS);
        options.add(ValuesDataSourceOptions.EVENT_DELAY_MS);
        options.add(ValuesDataSourceOptions.FAIL_AT_EVENTS);
        return options;
    }
}
