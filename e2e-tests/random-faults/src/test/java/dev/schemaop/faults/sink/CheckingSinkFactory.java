package dev.schemaop.faults.sink;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.configuration.ConfigOptions;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.FactoryHelper;
import org.apache.flink.cdc.common.function.HashFunctionProvider;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code type: checking}: a sink that behaves like a database and checks what reaches it (see
 * {@link CheckingStore}, {@link CheckingApplier}, {@link CheckingWriter}). Test-only.
 */
public final class CheckingSinkFactory implements DataSinkFactory {
    static final ConfigOption<String> STORE =
            ConfigOptions.key("store").stringType().noDefaultValue();
    static final ConfigOption<Boolean> TWO_PHASE =
            ConfigOptions.key("two-phase").booleanType().defaultValue(false);

    /**
     * false: writers check rows only against the schema they received, and the applier forgives.
     */
    static final ConfigOption<Boolean> CHECK_TABLES =
            ConfigOptions.key("writers.check.tables").booleanType().defaultValue(true);

    static final ConfigOption<Long> APPLIER_DELAY =
            ConfigOptions.key("applier.delay.ms").longType().defaultValue(0L);

    /**
     * true: a pre-write topology that repartitions by key hash in front of the writers, of the
     * shape of Flink CDC's Paimon sink ({@code KeyHashPreWriteTopology} of the values connector).
     */
    static final ConfigOption<Boolean> REPARTITION =
            ConfigOptions.key("repartition").booleanType().defaultValue(false);

    static final ConfigOption<Boolean> REFUSING =
            ConfigOptions.key("refusing").booleanType().defaultValue(false);
    static final ConfigOption<String> APPLIER_BEFORE = list("fail.applier.before");
    static final ConfigOption<String> APPLIER_AFTER = list("fail.applier.after");
    static final ConfigOption<String> HASH = list("fail.hash");
    static final ConfigOption<String> FLUSH_BEFORE = list("fail.flush.before");
    static final ConfigOption<String> FLUSH_AFTER = list("fail.flush.after");
    static final ConfigOption<Long> STOP_AT_ROW =
            ConfigOptions.key("stop.at.row").longType().defaultValue(0L);
    static final ConfigOption<Long> STOP_ABOVE_KEY =
            ConfigOptions.key("stop.above.key").longType().defaultValue(0L);

    private static ConfigOption<String> list(String key) {
        return ConfigOptions.key(key).stringType().defaultValue("");
    }

    @Override
    public DataSink createDataSink(Context context) {
        FactoryHelper.createFactoryHelper(this, context).validate();
        Configuration config = context.getFactoryConfiguration();
        String store = config.get(STORE);
        SinkFaults faults =
                new SinkFaults(
                        counts(config.get(APPLIER_BEFORE)),
                        counts(config.get(APPLIER_AFTER)),
                        counts(config.get(HASH)),
                        counts(config.get(FLUSH_BEFORE)),
                        counts(config.get(FLUSH_AFTER)),
                        config.get(STOP_AT_ROW),
                        config.get(STOP_ABOVE_KEY));
        boolean twoPhase = config.get(TWO_PHASE);
        boolean repartition = config.get(REPARTITION);
        boolean refusing = config.get(REFUSING);
        boolean checkTables = config.get(CHECK_TABLES);
        long applierDelay = config.get(APPLIER_DELAY);
        return new DataSink() {
            @Override
            public EventSinkProvider getEventSinkProvider() {
                if (repartition) {
                    return FlinkSinkProvider.of(
                            twoPhase
                                    ? new CheckingSinks.RepartitionedTwoPhase(
                                            store, faults, checkTables)
                                    : new CheckingSinks.RepartitionedDirect(
                                            store, faults, checkTables));
                }
                return FlinkSinkProvider.of(
                        twoPhase
                                ? new CheckingSinks.TwoPhase(store, faults, checkTables)
                                : new CheckingSinks.Direct(store, faults, checkTables));
            }

            @Override
            public MetadataApplier getMetadataApplier() {
                return new CheckingApplier(store, faults, refusing, applierDelay, !checkTables);
            }

            @Override
            public HashFunctionProvider<DataChangeEvent> getDataChangeEventHashFunctionProvider(
                    int parallelism) {
                return new FaultyHashes(store, faults);
            }
        };
    }

    private static Set<Long> counts(String listed) {
        return listed.isBlank()
                ? Set.of()
                : Stream.of(listed.split(","))
                        .map(String::strip)
                        .map(Long::valueOf)
                        .collect(Collectors.toSet());
    }

    @Override
    public String identifier() {
        return "checking";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(STORE);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return new HashSet<>(
                Set.of(
                        TWO_PHASE,
                        REPARTITION,
                        REFUSING,
                        CHECK_TABLES,
                        APPLIER_DELAY,
                        APPLIER_BEFORE,
                        APPLIER_AFTER,
                        HASH,
                        FLUSH_BEFORE,
                        FLUSH_AFTER,
                        STOP_AT_ROW,
                        STOP_ABOVE_KEY));
    }
}
