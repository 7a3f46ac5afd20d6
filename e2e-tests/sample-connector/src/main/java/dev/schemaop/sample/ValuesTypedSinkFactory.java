package dev.schemaop.sample;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.sink.DataSink;

import java.util.Collections;
import java.util.Set;

/**
 * The sample sink under the type {@code values}, standing in for another project's values connector
 * (Apache Flink CDC's own is not served here). Not listed in this jar's service file: a test that
 * needs it builds a jar that lists it.
 */
public final class ValuesTypedSinkFactory implements DataSinkFactory {

    @Override
    public DataSink createDataSink(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validate();
        return new SampleDataSink(
                context.getFactoryConfiguration().get(SampleDataSinkFactory.OUTPUT_DIR));
    }

    @Override
    public String identifier() {
        return "values";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(SampleDataSinkFactory.OUTPUT_DIR);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Collections.emptySet();
    }
}
