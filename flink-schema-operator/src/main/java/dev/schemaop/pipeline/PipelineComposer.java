package dev.schemaop.pipeline;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.operator.SchemaOperatorConfig;
import dev.schemaop.operator.SchemaOperatorFactory;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineSettings;
import dev.schemaop.pipeline.definition.RouteDefinition;
import dev.schemaop.pipeline.definition.SinkDefinition;
import dev.schemaop.pipeline.definition.SourceDefinition;
import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.ChannelEventSerializer;
import dev.schemaop.protocol.RegistryAddress;
import dev.schemaop.registry.RegistryConfig;
import dev.schemaop.route.RouteRule;
import dev.schemaop.sink.FlushingSink;
import dev.schemaop.sink.SinkInputOperator;
import dev.schemaop.sink.WriterInputSerializer;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.cdc.common.configuration.Configuration;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.factories.DataSinkFactory;
import org.apache.flink.cdc.common.factories.DataSourceFactory;
import org.apache.flink.cdc.common.pipeline.RuntimeExecutionMode;
import org.apache.flink.cdc.common.sink.DataSink;
import org.apache.flink.cdc.common.sink.EventSinkProvider;
import org.apache.flink.cdc.common.sink.FlinkSinkProvider;
import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.cdc.common.source.DataSource;
import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.cdc.common.source.FlinkSourceFunctionProvider;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.cdc.runtime.typeutils.EventTypeInfo;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * Builds the Flink job of a pipeline definition (SPEC §2):
 *
 * <pre>
 * source (p) -> SchemaOperator (p, chained; its coordinator is the SchemaRegistry)
 *            -> partition by the channel the operator chose
 *            -> SinkInputOperator (p) -> connector sink writer (p, chained)
 * </pre>
 */
public final class PipelineComposer {
    private final ClassLoader classLoader;

    public PipelineComposer(ClassLoader classLoader) {
        this.classLoader = classLoader;
    }

    public void compose(PipelineDefinition definition, StreamExecutionEnvironment env) {
        PipelineSettings settings = definition.settings();
        if (settings.runtimeMode() == RuntimeExecutionMode.BATCH) {
            throw new PipelineConfigException(
                    "pipeline.execution.runtime-mode: BATCH is not supported by flink-schema-operator"
                            + " yet. Remove the key or set it to STREAMING.");
        }
        Configuration pipelineConf = settings.toConfiguration();
        int parallelism = settings.parallelism();
        String uidPrefix = settings.operatorUidPrefix() == null ? "" : settings.operatorUidPrefix();

        SourceDefinition sourceBlock = definition.source();
        DataSource source =
                FactoryDiscovery.create(
                        DataSourceFactory.class,
                        "source",
                        sourceBlock.type(),
                        where(sourceBlock.where(), "source"),
                        new ConnectorContext(
                                sourceBlock.toConfiguration(), pipelineConf, classLoader),
                        DataSourceFactory::createDataSource);
        SinkDefinition sinkBlock = definition.sink();
        DataSink sink =
                FactoryDiscovery.create(
                        DataSinkFactory.class,
                        "sink",
                        sinkBlock.type(),
                        where(sinkBlock.where(), "sink"),
                        new ConnectorContext(
                                sinkBlock.toConfiguration(), pipelineConf, classLoader),
                        DataSinkFactory::createDataSink);
        MetadataApplier applier = sink.getMetadataApplier();
        Set<SchemaChangeEventType> accepted = definition.acceptedSchemaChanges();
        checkSinkCapabilities(definition.sink(), applier, accepted);

        List<RouteRule> routes = routes(definition.routes());
        String schemaOperatorUid = uidPrefix + "schema-operator";
        RegistryConfig registryConfig =
                new RegistryConfig(
                        settings.behavior(),
                        settings.explicitCast(),
                        accepted,
                        routes,
                        applier,
                        settings.rpcTimeout(),
                        parallelism,
                        appliedLogDir(definition));
        SchemaOperatorConfig operatorConfig =
                new SchemaOperatorConfig(
                        routes,
                        sink.getDataChangeEventHashFunctionProvider(parallelism),
                        parallelism);

        DataStream<Event> events =
                sourceStream(source, env, sourceName(definition))
                        .uid(uidPrefix + "source")
                        .setParallelism(parallelism);
        DataStream<ChannelEvent> shaped =
                events.transform(
                                "SchemaOperator",
                                ChannelEventSerializer.typeInfo(),
                                new SchemaOperatorFactory(operatorConfig, registryConfig))
                        .uid(schemaOperatorUid)
                        .setParallelism(parallelism);
        DataStream<Event> sinkInput =
                toSinkSubtasks(shaped, parallelism)
                        .transform(
                                "SinkInput",
                                WriterInputSerializer.typeInfo(),
                                new SinkInputOperator(
                                        RegistryAddress.ofUid(schemaOperatorUid),
                                        settings.rpcTimeout()))
                        .uid(uidPrefix + "sink-input")
                        .setParallelism(parallelism);
        sinkInput
                .sinkTo(FlushingSink.wrap(connectorSink(sink.getEventSinkProvider(), definition)))
                .name("Sink: " + sinkName(definition))
                .uid(uidPrefix + "sink-writer")
                .setParallelism(parallelism);
    }

    /**
     * Each event goes to the sink subtask the schema operator chose. With one subtask there is no
     * choice to make: the sink side is chained to the schema operator, so rows are handed over in
     * the same thread instead of being serialized through the network stack.
     */
    private static DataStream<ChannelEvent> toSinkSubtasks(
            DataStream<ChannelEvent> shaped, int parallelism) {
        if (parallelism == 1) {
            return shaped.forward();
        }
        ChannelSelector channels = new ChannelSelector();
        return shaped.partitionCustom(channels, channels);
    }

    private static String where(@Nullable String where, String block) {
        return where != null ? where : "the " + block + " block";
    }

    private static void checkSinkCapabilities(
            SinkDefinition sink, MetadataApplier applier, Set<SchemaChangeEventType> accepted) {
        boolean describesTables = applier instanceof ExistingTableSchemaExpansionSupport;
        if (!describesTables
                && accepted.contains(SchemaChangeEventType.CREATE_TABLE)
                && !applier.setAcceptedSchemaEvolutionTypes(accepted)
                        .acceptsSchemaEvolutionType(SchemaChangeEventType.CREATE_TABLE)) {
            throw new PipelineConfigException(
                    String.format(
                            "%s: the '%s' sink's MetadataApplier does not accept create.table, so"
                                    + " its tables must already exist, but it cannot describe"
                                    + " existing tables (it does not implement"
                                    + " ExistingTableSchemaExpansionSupport). Use a sink that"
                                    + " creates tables or describes them.",
                            where(sink.where(), "sink"), sink.type()));
        }
        if (!accepted.contains(SchemaChangeEventType.CREATE_TABLE) && !describesTables) {
            throw new PipelineConfigException(
                    String.format(
                            where(sink.where(), "sink")
                                    + ": the sink excludes create.table, so its tables must already exist and the"
                                    + " pipeline must read their schemas, but the '%s' sink's"
                                    + " MetadataApplier cannot describe existing tables (it does not"
                                    + " implement ExistingTableSchemaExpansionSupport). Remove"
                                    + " create.table from exclude.schema.changes.",
                            sink.type()));
        }
        if (!SinkDefinition.DEFAULT_EXPANSION_MODE.equalsIgnoreCase(sink.expansionMode())) {
            throw new PipelineConfigException(
                    String.format(
                            where(sink.where(), "sink")
                                    + ": existing-table.schema-expansion.mode: %s is not available in this version"
                                    + " of flink-schema-operator%s. Remove the option or set it to"
                                    + " \"DISABLED\".",
                            sink.expansionMode(),
                            describesTables
                                    ? ""
                                    : String.format(
                                            ", and the '%s' sink's MetadataApplier does not implement"
                                                    + " ExistingTableSchemaExpansionSupport",
                                            sink.type())));
        }
    }

    private static SingleOutputStreamOperator<Event> sourceStream(
            DataSource source, StreamExecutionEnvironment env, String name) {
        EventSourceProvider provider = source.getEventSourceProvider();
        if (provider instanceof FlinkSourceProvider) {
            return env.fromSource(
                    ((FlinkSourceProvider) provider).getSource(),
                    WatermarkStrategy.noWatermarks(),
                    name,
                    new EventTypeInfo());
        }
        if (provider instanceof FlinkSourceFunctionProvider) {
            return env.addSource(
                    ((FlinkSourceFunctionProvider) provider).getSourceFunction(),
                    name,
                    new EventTypeInfo());
        }
        throw new PipelineConfigException(
                "The source's EventSourceProvider "
                        + provider.getClass().getName()
                        + " is neither a FlinkSourceProvider nor a FlinkSourceFunctionProvider.");
    }

    private static Sink<Event> connectorSink(
            EventSinkProvider provider, PipelineDefinition definition) {
        if (provider instanceof FlinkSinkProvider) {
            return ((FlinkSinkProvider) provider).getSink();
        }
        throw new PipelineConfigException(
                String.format(
                        "The '%s' sink provides %s; flink-schema-operator runs sinks written against"
                                + " Flink's Sink API v2 (FlinkSinkProvider) only.",
                        definition.sink().type(), provider.getClass().getName()));
    }

    private static List<RouteRule> routes(List<RouteDefinition> definitions) {
        return definitions.stream()
                .map(
                        r ->
                                new RouteRule(
                                        r.sourceTable(),
                                        r.sinkTable(),
                                        r.replaceSymbol(),
                                        r.description()))
                .toList();
    }

    /**
     * Where the registry logs applied changes (SPEC G6): one directory per pipeline definition, so
     * restarts and a resubmission from a savepoint of the same definition find the log; a job that
     * starts without a checkpoint empties it first.
     */
    private static Path appliedLogDir(PipelineDefinition definition) {
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256")
                            .digest(definition.toString().getBytes(StandardCharsets.UTF_8));
            return Path.of(
                    System.getProperty("java.io.tmpdir"),
                    "flink-schema-operator",
                    HexFormat.of().formatHex(digest, 0, 12));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sourceName(PipelineDefinition definition) {
        return definition.source().name() != null
                ? definition.source().name()
                : "Source: " + definition.source().type();
    }

    private static String sinkName(PipelineDefinition definition) {
        return definition.sink().name() != null
                ? definition.sink().name()
                : definition.sink().type();
    }
}
