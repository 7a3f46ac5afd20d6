package dev.schemaop.pipeline;

import dev.schemaop.api.ExistingTableSchemaExpansionSupport;
import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.behavior.AcceptedChangeTypes;
import dev.schemaop.expansion.ExpansionMode;
import dev.schemaop.operator.SchemaOperatorConfig;
import dev.schemaop.operator.SchemaOperatorFactory;
import dev.schemaop.pipeline.definition.BlockLocation;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineSettings;
import dev.schemaop.pipeline.definition.RouteDefinition;
import dev.schemaop.pipeline.definition.SinkDefinition;
import dev.schemaop.pipeline.definition.SourceDefinition;
import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.protocol.ChannelEventSerializer;
import dev.schemaop.protocol.DefaultKeyHashes;
import dev.schemaop.protocol.RegistryAddress;
import dev.schemaop.registry.HistoryLocation;
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
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.transformations.PartitionTransformation;
import org.apache.flink.streaming.runtime.partitioner.CustomPartitionerWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the Flink job of a pipeline definition (SPEC §2):
 *
 * <pre>
 * source (p) -> SchemaOperator (p, chained; its coordinator is the SchemaRegistry)
 *            -> partition by the channel the operator chose
 *            -> SinkInputOperator (p) -> connector sink writer (p, chained)
 * </pre>
 *
 * A sink with a pre-write topology gets it between the sink input operator and the writer, with a
 * {@code WriterFlushAcknowledger} at its end, chained to the writer.
 */
public final class PipelineComposer {
    private static final Logger LOG = LoggerFactory.getLogger(PipelineComposer.class);

    /** Given to connector factories in the pipeline configuration: see {@link #connectorFacts}. */
    public static final String DEFINITION_DIRECTORY = "pipeline.definition.dir";

    public static final String CHECKPOINTING_INTERVAL = "execution.checkpointing.interval";

    /**
     * Given to connector factories as {@code true} when the connectors are created for {@code
     * flink-cdc.sh check}: no job follows, and the factory must change nothing (no table, file or
     * store it would otherwise prepare for the run).
     */
    public static final String DRY_RUN = "pipeline.dry-run";

    private final ClassLoader classLoader;
    private final RunLocation run;
    private final boolean dryRun;
    @Nullable private final CheckpointDefaults checkpointDefaults;

    /** A composer for runs whose definition is not a file (benchmarks, tests). */
    public PipelineComposer(ClassLoader classLoader) {
        this(classLoader, RunLocation.inTempDirectory());
    }

    public PipelineComposer(ClassLoader classLoader, RunLocation run) {
        this(classLoader, run, false, null);
    }

    private PipelineComposer(
            ClassLoader classLoader,
            RunLocation run,
            boolean dryRun,
            @Nullable CheckpointDefaults checkpointDefaults) {
        this.classLoader = classLoader;
        this.run = run;
        this.dryRun = dryRun;
        this.checkpointDefaults = checkpointDefaults;
    }

    /** This composer, checkpointing as {@code defaults} say where the configuration is silent. */
    public PipelineComposer withCheckpointDefaults(CheckpointDefaults defaults) {
        return new PipelineComposer(classLoader, run, dryRun, defaults);
    }

    /** A composer whose connectors are only asked about their tables ({@link #DRY_RUN}). */
    public static PipelineComposer forDryRun(ClassLoader classLoader, Path definitionDirectory) {
        return new PipelineComposer(
                classLoader, new RunLocation(definitionDirectory, null), true, null);
    }

    /** Adds the pipeline's operators to {@code env}. */
    public ComposedPipeline compose(PipelineDefinition definition, StreamExecutionEnvironment env) {
        PipelineSettings settings = definition.settings();
        int parallelism = settings.parallelism();
        String uidPrefix = settings.operatorUidPrefix() == null ? "" : settings.operatorUidPrefix();
        PipelineConnectors connectors = connect(definition, env);
        DataSource source = connectors.source();
        DataSink sink = connectors.sink();
        MetadataApplier applier = connectors.applier();
        Set<SchemaChangeEventType> accepted = connectors.accepted();
        String expansionMode = connectors.expansionMode();

        EventSourceProvider sourceProvider = source.getEventSourceProvider();
        Sink<Event> connectorSink = connectorSink(sink.getEventSinkProvider(), definition);
        CommittingSinkCheck.check(
                connectorSink,
                definition.sink().type(),
                where(definition.sink().where(), "sink"),
                sourceProvider,
                definition.source().type(),
                env.getCheckpointConfig().isCheckpointingEnabled());

        List<RouteRule> routes = connectors.routes();
        // Connectors written for Flink CDC find the coordinator by this uid (schema.operator.uid).
        String schemaOperatorUid = settings.schemaOperatorUid();
        OperatorID registry = RegistryAddress.ofUid(schemaOperatorUid);
        boolean behindTopology = FlushingSink.hasPreWriteTopology(connectorSink);
        if (behindTopology) {
            AlignedBehindTopology.apply(env, where(definition.sink().where(), "sink"));
        }
        RegistryConfig registryConfig =
                new RegistryConfig(
                                settings.behavior(),
                                settings.explicitCast(),
                                accepted,
                                routes,
                                applier,
                                settings.rpcTimeout(),
                                parallelism,
                                AppliedChangeLogLocation.of(env.getConfiguration(), run),
                                ExpansionMode.of(expansionMode))
                        .withHistory(historyLocation(settings, env))
                        .withWritersBehindTopology(behindTopology);
        SchemaOperatorConfig operatorConfig =
                new SchemaOperatorConfig(
                        routes,
                        DefaultKeyHashes.replacingDefault(
                                sink.getDataChangeEventHashFunctionProvider(parallelism)),
                        parallelism,
                        settings.maxParkedBytes().getBytes(),
                        behindTopology);

        DataStream<Event> events =
                sourceStream(sourceProvider, env, sourceName(definition))
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
                                        registry,
                                        settings.rpcTimeout(),
                                        behindTopology,
                                        operatorConfig.hashFunctions()))
                        .uid(uidPrefix + "sink-input")
                        .setParallelism(parallelism);
        sinkInput
                .sinkTo(FlushingSink.wrap(connectorSink, registry))
                .name("Sink: " + sinkName(definition))
                .uid(uidPrefix + "sink-writer")
                .setParallelism(parallelism);
        return new ComposedPipeline(connectors, CommittingSinkCheck.commits(connectorSink));
    }

    /**
     * The pipeline's source and sink as a run creates them, checked as a run checks them at
     * submission; nothing starts. {@code flink-cdc.sh check} asks them about their tables.
     */
    public PipelineConnectors connect(
            PipelineDefinition definition, StreamExecutionEnvironment env) {
        PipelineSettings settings = definition.settings();
        Configuration connectorPipelineConf = connectorFacts(settings.toConfiguration(), env);
        SourceDefinition sourceBlock = definition.source();
        DataSource source =
                FactoryDiscovery.create(
                        DataSourceFactory.class,
                        "source",
                        sourceBlock.type(),
                        sourceBlock.where(),
                        new ConnectorContext(
                                sourceBlock.toConfiguration(), connectorPipelineConf, classLoader),
                        DataSourceFactory::createDataSource);
        if (checkpointDefaults != null && settings.runtimeMode() != RuntimeExecutionMode.BATCH) {
            checkpointDefaults.applyTo(env, source.getEventSourceProvider());
            // the sink may check its options against the checkpoint interval now set
            connectorPipelineConf = connectorFacts(settings.toConfiguration(), env);
        }
        SinkDefinition sinkBlock = definition.sink();
        DataSink sink =
                FactoryDiscovery.create(
                        DataSinkFactory.class,
                        "sink",
                        sinkBlock.type(),
                        sinkBlock.where(),
                        new ConnectorContext(
                                sinkBlock.toConfiguration(), connectorPipelineConf, classLoader),
                        DataSinkFactory::createDataSink);
        String expansionMode = sinkBlock.expansionMode();
        if (settings.runtimeMode() == RuntimeExecutionMode.BATCH) {
            BatchExecution.configure(
                    env, source, sourceBlock, where(sourceBlock.where(), "source"));
            if (!SinkDefinition.DEFAULT_EXPANSION_MODE.equalsIgnoreCase(expansionMode)) {
                LOG.warn(
                        "{}: existing-table.schema-expansion.mode: {} is ignored in"
                                + " execution.runtime-mode BATCH (SPEC §6): the sink's tables are"
                                + " used as they are.",
                        whereKey(sinkBlock.where(), SinkDefinition.EXPANSION_MODE_OPTION, "sink"),
                        expansionMode);
                expansionMode = SinkDefinition.DEFAULT_EXPANSION_MODE;
            }
        }
        MetadataApplier applier = sink.getMetadataApplier();
        Set<SchemaChangeEventType> accepted = definition.acceptedSchemaChanges();
        checkSinkCapabilities(definition.sink(), expansionMode, applier, accepted);
        return new PipelineConnectors(
                source, sink, applier, accepted, expansionMode, routes(definition.routes()));
    }

    /**
     * Where the registry writes the decision history: {@code schema-history.dir} (relative to the
     * definition's directory), else beside local checkpoints, else, embedded, {@code
     * target/schema-history} under the directory the command runs in.
     */
    private HistoryLocation historyLocation(
            PipelineSettings settings, StreamExecutionEnvironment env) {
        String configured = settings.historyDir();
        if (configured != null && configured.contains("://") && !configured.startsWith("file:")) {
            throw new PipelineConfigException(
                    "pipeline: "
                            + PipelineSettings.HISTORY_DIR_KEY
                            + ": "
                            + configured
                            + " is not a local directory. The decision history is appended to"
                            + " line by line, which object stores cannot do: name a local or"
                            + " mounted directory.");
        }
        if (configured != null && !configured.contains(":") && run.definitionDirectory() != null) {
            configured = run.definitionDirectory().resolve(configured).toAbsolutePath().toString();
        }
        return new HistoryLocation(
                configured,
                env.getConfiguration()
                        .getOptional(CheckpointingOptions.CHECKPOINTS_DIRECTORY)
                        .orElse(null),
                run.scratchDirectory() == null
                        ? null
                        : Path.of("target", "schema-history").toAbsolutePath().toString());
    }

    /**
     * The pipeline configuration connector factories see: the pipeline block, and two facts of the
     * run a connector may check its options against at submission: the directory of the definition
     * file (to resolve relative paths), and the checkpoint interval when checkpointing is on. Flink
     * CDC's own runner passes only the pipeline block.
     */
    private Configuration connectorFacts(
            Configuration pipelineConf, StreamExecutionEnvironment env) {
        Map<String, String> facts = new HashMap<>(pipelineConf.toMap());
        if (run.definitionDirectory() != null) {
            facts.put(
                    DEFINITION_DIRECTORY,
                    run.definitionDirectory().toAbsolutePath().normalize().toString());
        }
        if (dryRun) {
            facts.put(DRY_RUN, "true");
        }
        if (env.getCheckpointConfig().isCheckpointingEnabled()) {
            facts.put(
                    CHECKPOINTING_INTERVAL,
                    env.getCheckpointConfig().getCheckpointInterval() + " ms");
        }
        return Configuration.fromMap(facts);
    }

    /**
     * Each event goes to the sink subtask the schema operator chose. With one subtask there is no
     * choice to make: the sink side is chained to the schema operator, so rows are handed over in
     * the same thread instead of being serialized through the network stack.
     *
     * <p>Checkpoint barriers are aligned on this exchange even when the job asks for unaligned
     * checkpoints: an unaligned checkpoint would store the flush markers in flight with the rows
     * and replay them after a restore, into a registry and schema operators of another run, where
     * an earlier run's marker could stand for a marker of this one.
     */
    private static DataStream<ChannelEvent> toSinkSubtasks(
            DataStream<ChannelEvent> shaped, int parallelism) {
        if (parallelism == 1) {
            return shaped.forward();
        }
        ChannelSelector channels = new ChannelSelector();
        CustomPartitionerWrapper<Integer, ChannelEvent> partitioner =
                new CustomPartitionerWrapper<>(channels, channels);
        partitioner.disableUnalignedCheckpoints();
        return new DataStream<>(
                shaped.getExecutionEnvironment(),
                new PartitionTransformation<>(shaped.getTransformation(), partitioner));
    }

    private static String where(@Nullable BlockLocation where, String block) {
        return where != null ? where.block() : "the " + block + " block";
    }

    private static String whereKey(@Nullable BlockLocation where, String key, String block) {
        return where != null ? where.of(key) : "the " + block + " block";
    }

    private static void checkSinkCapabilities(
            SinkDefinition sink,
            String expansionMode,
            MetadataApplier applier,
            Set<SchemaChangeEventType> accepted) {
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
                            whereKey(sink.where(), AcceptedChangeTypes.EXCLUDE_OPTION, "sink")
                                    + ": the sink excludes create.table, so its tables must already exist and the"
                                    + " pipeline must read their schemas, but the '%s' sink's"
                                    + " MetadataApplier cannot describe existing tables (it does not"
                                    + " implement ExistingTableSchemaExpansionSupport). Remove"
                                    + " create.table from exclude.schema.changes.",
                            sink.type()));
        }
        if (!SinkDefinition.DEFAULT_EXPANSION_MODE.equalsIgnoreCase(expansionMode)
                && !describesTables) {
            throw new PipelineConfigException(
                    String.format(
                            whereKey(sink.where(), SinkDefinition.EXPANSION_MODE_OPTION, "sink")
                                    + ": existing-table.schema-expansion.mode: %s needs a sink that"
                                    + " can describe its existing tables, but the '%s' sink's"
                                    + " MetadataApplier does not implement"
                                    + " ExistingTableSchemaExpansionSupport. Remove the option or"
                                    + " set it to \"DISABLED\".",
                            expansionMode,
                            sink.type()));
        }
    }

    private static SingleOutputStreamOperator<Event> sourceStream(
            EventSourceProvider provider, StreamExecutionEnvironment env, String name) {
        if (provider instanceof FlinkSourceProvider) {
            return env.fromSource(
                    ((FlinkSourceProvider) provider).getSource(),
                    WatermarkStrategy.noWatermarks(),
                    name,
                    SourceEventSerializer.typeInfo());
        }
        if (provider instanceof FlinkSourceFunctionProvider) {
            return env.addSource(
                    ((FlinkSourceFunctionProvider) provider).getSourceFunction(),
                    name,
                    SourceEventSerializer.typeInfo());
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

    private static String sourceName(PipelineDefinition definition) {
        // Flink names the source's vertex "Source: <name>" itself.
        return definition.source().name() != null
                ? definition.source().name()
                : definition.source().type();
    }

    private static String sinkName(PipelineDefinition definition) {
        return definition.sink().name() != null
                ? definition.sink().name()
                : definition.sink().type();
    }
}
