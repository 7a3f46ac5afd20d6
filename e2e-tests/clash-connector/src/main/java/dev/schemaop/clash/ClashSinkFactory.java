package dev.schemaop.clash;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.sink.DataSink;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.Set;

/** {@code type: clash-a} or {@code clash-b}: the type is the jar's, from its clash.properties. */
public final class ClashSinkFactory implements DataSinkFactory {
    static final ConfigOption<String> OUTPUT_DIR =
            ConfigOptions.key("output.dir")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Directory receiving <type>-<subtask>.txt: what each writer found of"
                                    + " its commons-collections4.");

    @Override
    public DataSink createDataSink(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validate();
        return new ClashDataSink(identifier(), context.getFactoryConfiguration().get(OUTPUT_DIR));
    }

    @Override
    public String identifier() {
        Properties properties = new Properties();
        try (InputStream in = ClashSinkFactory.class.getResourceAsStream("clash.properties")) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("type");
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(OUTPUT_DIR);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }
}
