package dev.schemaop.sample;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.sink.DataSink;

import java.util.Collections;
import java.util.HashSet;
import java.util.Set;

/** {@code type: sample-sink}. */
public final class SampleDataSinkFactory implements DataSinkFactory {

    public static final String IDENTIFIER = "sample-sink";

    public static final ConfigOption<String> OUTPUT_DIR =
            ConfigOptions.key("output.dir")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Directory receiving schema-changes.txt (metadata applier) and"
                                    + " rows-<subtask>.txt / schema-<subtask>.txt (writers).");

    @Override
    public DataSink createDataSink(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validate();
        String outputDir = context.getFactoryConfiguration().get(OUTPUT_DIR);
        if (outputDir == null || outputDir.trim().isEmpty()) {
            throw new IllegalArgumentException(
                    "Option '" + OUTPUT_DIR.key() + "' of " + IDENTIFIER + " must not be blank.");
        }
        return new SampleDataSink(outputDir);
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        Set<ConfigOption<?>> options = new HashSet<>();
        options.add(OUTPUT_DIR);
        return options;
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Collections.emptySet();
    }
}
