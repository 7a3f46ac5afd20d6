package dev.schemaop.sample;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.factories.DataSourceFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.source.DataSource;

import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

/** {@code type: sample-source}. */
public final class SampleDataSourceFactory implements DataSourceFactory {

    public static final String IDENTIFIER = "sample-source";

    public static final ConfigOption<Integer> ROWS =
            ConfigOptions.key("rows")
                    .intType()
                    .defaultValue(10)
                    .withDescription(
                            "Number of rows of sample.items (at least 1): ids 1..rows/2 are"
                                    + " inserted before the price column is added, the rest after.");

    @Override
    public DataSource createDataSource(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validate();
        int rows = context.getFactoryConfiguration().get(ROWS);
        if (rows < 1) {
            throw new IllegalArgumentException(
                    "Option '"
                            + ROWS.key()
                            + "' of "
                            + IDENTIFIER
                            + " must be at least 1, but is "
                            + rows
                            + ".");
        }
        return new SampleDataSource(rows);
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Collections.emptySet();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options = new HashSet<>();
        options.add(ROWS);
        return options;
    }
}
