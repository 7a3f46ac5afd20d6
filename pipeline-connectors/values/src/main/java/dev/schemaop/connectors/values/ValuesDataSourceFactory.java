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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Creates the values source. The script is read and checked here, at submission. */
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
        String text;
        try {
            text = new String(Files.readAllBytes(Paths.get(script)), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "Cannot read the values source script '" + script + "': " + e, e);
        }
        ValuesScript parsed = ScriptParser.parse(script, text);
        return new ValuesDataSource(parsed, text, splits, delayMs, readerFaults(script, config));
    }

    private static ReaderFaults readerFaults(String script, Configuration config) {
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
        return ReaderFaults.at(Paths.get(script).toAbsolutePath().normalize().toString(), numbers);
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
