package dev.schemaop.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemaop.sink.ConnectorSinks.CommittingSink;
import dev.schemaop.sink.ConnectorSinks.ConcurrentAttemptsSink;
import dev.schemaop.sink.ConnectorSinks.DeprecatedStatefulSink;
import dev.schemaop.sink.ConnectorSinks.DeprecatedTopologiesSink;
import dev.schemaop.sink.ConnectorSinks.PlainSink;
import dev.schemaop.sink.ConnectorSinks.PostCommitSink;
import dev.schemaop.sink.ConnectorSinks.PreCommitSink;
import dev.schemaop.sink.ConnectorSinks.PreWriteSink;
import dev.schemaop.sink.ConnectorSinks.RecordingWriter;
import dev.schemaop.sink.ConnectorSinks.RepartitioningPreWriteSink;
import dev.schemaop.sink.ConnectorSinks.StateWriter;
import dev.schemaop.sink.ConnectorSinks.TwoPhaseSink;
import dev.schemaop.sink.ConnectorSinks.WriterStateSink;

import org.apache.flink.api.common.SupportsConcurrentExecutionAttempts;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.TwoPhaseCommittingSink;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.cdc.common.event.CreateTableEvent;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.cdc.common.event.FlushEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.types.DataTypes;
import org.apache.flink.cdc.runtime.typeutils.EventTypeInfo;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.streaming.api.connector.sink2.SupportsPostCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The sink writer wrapper keeps every capability of the connector's sink and turns flushes. */
@SuppressWarnings("deprecation")
class FlushingSinkTest {
    private static final OperatorID REGISTRY = new OperatorID();

    private static final CreateTableEvent CREATE =
            new CreateTableEvent(
                    TableId.tableId("db", "t"),
                    Schema.newBuilder().physicalColumn("id", DataTypes.INT()).build());

    static Stream<PlainSink> connectorSinks() {
        return Stream.of(
                new PlainSink(),
                new CommittingSink(),
                new TwoPhaseSink(),
                new WriterStateSink(),
                new DeprecatedStatefulSink(),
                new PreWriteSink(),
                new PreCommitSink(),
                new PostCommitSink(),
                new DeprecatedTopologiesSink(),
                new ConcurrentAttemptsSink());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("connectorSinks")
    void theWrappedSinkAndItsWritersHaveExactlyTheConnectorsInterfaces(PlainSink sink)
            throws IOException {
        Sink<Event> wrapped = FlushingSink.wrap(sink, REGISTRY);
        SinkWriter<Event> writer = wrapped.createWriter((WriterInitContext) null);

        assertThat(interfaces(wrapped)).isEqualTo(interfaces(sink));
        assertThat(interfaces(writer)).isEqualTo(interfaces(sink.lastWriter));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("connectorSinks")
    void flinkBuildsTheSameOperatorsAroundTheWrappedSinkAsAroundTheConnectorsSink(PlainSink sink) {
        List<String> around = new ArrayList<>(operatorsAround(FlushingSink.wrap(sink, REGISTRY)));
        assertThat(around.remove("Sink: " + FlushingSink.ACKNOWLEDGER))
                .as("a pre-write topology ends in the flush acknowledger")
                .isEqualTo(FlushingSink.hasPreWriteTopology(sink));
        assertThat(around).isEqualTo(operatorsAround(sink));
    }

    @Test
    void theOperatorsFlinkBuildsAreTheCapabilitiesOperators() {
        assertThat(operatorsAround(FlushingSink.wrap(new PlainSink(), REGISTRY)))
                .containsExactly("rows", "Sink: Writer");
        assertThat(operatorsAround(FlushingSink.wrap(new CommittingSink(), REGISTRY)))
                .containsExactly("rows", "Sink: Writer", "Sink: Committer");
        assertThat(operatorsAround(FlushingSink.wrap(new DeprecatedTopologiesSink(), REGISTRY)))
                .containsExactly(
                        "rows",
                        "Sink: connector pre-write",
                        "Sink: " + FlushingSink.ACKNOWLEDGER,
                        "Sink: Writer",
                        "Sink: connector pre-commit",
                        "Sink: Committer",
                        "Sink: connector post-commit");
    }

    @Test
    void aPlainSinkStaysPlain() throws IOException {
        Sink<Event> wrapped = FlushingSink.wrap(new PlainSink(), REGISTRY);
        SinkWriter<Event> writer = wrapped.createWriter((WriterInitContext) null);

        assertThat(wrapped)
                .isNotInstanceOf(SupportsCommitter.class)
                .isNotInstanceOf(SupportsWriterState.class)
                .isNotInstanceOf(SupportsPreWriteTopology.class)
                .isNotInstanceOf(SupportsPreCommitTopology.class)
                .isNotInstanceOf(SupportsPostCommitTopology.class)
                .isNotInstanceOf(SupportsConcurrentExecutionAttempts.class);
        assertThat(writer)
                .isNotInstanceOf(StatefulSinkWriter.class)
                .isNotInstanceOf(CommittingSinkWriter.class);
    }

    @Test
    void aFlushEventBecomesFlushFalseAndASignalAndNeverReachesTheConnectorsWriter()
            throws Exception {
        PlainSink sink = new PlainSink();
        SinkWriter<Event> writer =
                FlushingSink.wrap(sink, REGISTRY).createWriter((WriterInitContext) null);
        SinkWriter.Context context = new FixedContext();
        FlushSignal.clear();

        writer.write(CREATE, context);
        writer.write(new FlushEvent(3, List.of(), null), context);

        RecordingWriter connector = sink.lastWriter;
        assertThat(connector.written).containsExactly(CREATE);
        assertThat(connector.contexts).containsExactly(context);
        assertThat(connector.flushes).containsExactly(false);
        assertThat(FlushSignal.wasFlushed(3)).isTrue();
        assertThat(FlushSignal.wasFlushed(2)).isFalse();

        writer.flush(true);
        writer.close();
        assertThat(connector.flushes).containsExactly(false, true);
        assertThat(connector.closed).isTrue();
    }

    @Test
    void theCommitterAndTheCommittablesAreTheConnectors() throws Exception {
        @SuppressWarnings("unchecked")
        SupportsCommitter<String> wrapped =
                (SupportsCommitter<String>) FlushingSink.wrap(new CommittingSink(), REGISTRY);
        @SuppressWarnings("unchecked")
        CommittingSinkWriter<Event, String> writer =
                (CommittingSinkWriter<Event, String>)
                        ((Sink<Event>) wrapped).createWriter((WriterInitContext) null);
        writer.write(CREATE, new FixedContext());
        writer.write(new FlushEvent(0, List.of(), null), new FixedContext());

        assertThat(wrapped.createCommitter(null)).isSameAs(CommittingSink.COMMITTER);
        assertThat(wrapped.getCommittableSerializer()).isSameAs(ConnectorSinks.STRINGS);
        assertThat(writer.prepareCommit()).containsExactly("committable of 1 events");
    }

    @Test
    void aDeprecatedTwoPhaseCommittingSinkKeepsItsCommitter() throws Exception {
        @SuppressWarnings("unchecked")
        TwoPhaseCommittingSink<Event, String> wrapped =
                (TwoPhaseCommittingSink<Event, String>)
                        FlushingSink.wrap(new TwoPhaseSink(), REGISTRY);

        // The 1.20 entry point is a default method that calls the deprecated one on the connector.
        assertThat(wrapped.createCommitter(null)).isSameAs(CommittingSink.COMMITTER);
        assertThat(wrapped.createWriter((WriterInitContext) null))
                .isInstanceOf(TwoPhaseCommittingSink.PrecommittingSinkWriter.class);
    }

    @Test
    void aRestoredWriterIsWrappedAndKeepsItsState() throws Exception {
        WriterStateSink sink = new WriterStateSink();
        @SuppressWarnings("unchecked")
        SupportsWriterState<Event, String> wrapped =
                (SupportsWriterState<Event, String>) FlushingSink.wrap(sink, REGISTRY);

        StatefulSinkWriter<Event, String> writer =
                wrapped.restoreWriter(null, List.of("state at 4"));
        writer.write(new FlushEvent(1, List.of(), null), new FixedContext());

        StateWriter connector = (StateWriter) sink.lastWriter;
        assertThat(connector.restoredFrom).containsExactly("state at 4");
        assertThat(connector.written).isEmpty();
        assertThat(connector.flushes).containsExactly(false);
        assertThat(writer.snapshotState(7)).containsExactly("state at 7");
        assertThat(wrapped.getWriterStateSerializer()).isSameAs(ConnectorSinks.STRINGS);
        assertThat(
                        ((SupportsWriterState.WithCompatibleState) wrapped)
                                .getCompatibleWriterStateNames())
                .containsExactly("an older writer's state");
    }

    @Test
    void aDeprecatedStatefulSinkRestoresThroughEitherEntryPoint() throws Exception {
        DeprecatedStatefulSink sink = new DeprecatedStatefulSink();
        @SuppressWarnings("unchecked")
        StatefulSink<Event, String> wrapped =
                (StatefulSink<Event, String>) FlushingSink.wrap(sink, REGISTRY);

        StatefulSink.StatefulSinkWriter<Event, String> deprecated =
                wrapped.restoreWriter((Sink.InitContext) null, List.of("a"));
        StatefulSinkWriter<Event, String> current =
                wrapped.restoreWriter((WriterInitContext) null, List.of("b"));

        assertThat(((StateWriter) sink.lastWriter).restoredFrom).containsExactly("b");
        assertThat(List.of(deprecated, current))
                .allMatch(w -> w.toString().startsWith("FlushingWriter("));
    }

    @Test
    void aPreWriteTopologyReceivesTheStreamTheRuntimeSinksInto() {
        PreWriteSink sink = new PreWriteSink();
        operatorsAround(FlushingSink.wrap(sink, REGISTRY));

        assertThat(sink.preWriteInput).isNotNull();
        assertThat(sink.preWriteInput.getTransformation().getName()).isEqualTo("rows");
    }

    @Test
    void aPreWriteTopologyThatMovesEventsToOtherSubtasksEndsInTheFlushAcknowledger() {
        assertThat(operatorsAround(FlushingSink.wrap(new RepartitioningPreWriteSink(), REGISTRY)))
                .containsExactly(
                        "rows", "Sink: Map", "Sink: " + FlushingSink.ACKNOWLEDGER, "Sink: Writer");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theFlushAcknowledgerHandsFlinkCdcEventsToTheWriterWithoutACopy() {
        StreamNode acknowledger = acknowledgerBehind(new PreWriteSinkEndingIn(new EventTypeInfo()));
        TypeSerializer<Event> toWriter =
                (TypeSerializer<Event>) acknowledger.getTypeSerializerOut();

        assertThat(toWriter.copy(CREATE)).isSameAs(CREATE);
    }

    @Test
    void aTopologyEndingInATypeOfItsOwnHandsItsEventsOnInThatType() {
        TypeInformation<Event> own = TypeInformation.of(Event.class);
        StreamNode acknowledger = acknowledgerBehind(new PreWriteSinkEndingIn(own));

        assertThat(acknowledger.getTypeSerializerOut())
                .isInstanceOf(own.createSerializer(new SerializerConfigImpl()).getClass());
    }

    private static StreamNode acknowledgerBehind(Sink<Event> sink) {
        return nodesAround(FlushingSink.wrap(sink, REGISTRY)).stream()
                .filter(n -> n.getOperatorName().endsWith(FlushingSink.ACKNOWLEDGER))
                .findFirst()
                .orElseThrow();
    }

    /** A pre-write topology that repartitions and ends in the given type. */
    private static final class PreWriteSinkEndingIn extends ConnectorSinks.PlainSink
            implements SupportsPreWriteTopology<Event> {
        private static final long serialVersionUID = 1L;
        private final TypeInformation<Event> end;

        PreWriteSinkEndingIn(TypeInformation<Event> end) {
            this.end = end;
        }

        @Override
        public DataStream<Event> addPreWriteTopology(DataStream<Event> input) {
            return input.rebalance().map(event -> event).returns(end);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("connectorSinks")
    void theWrappedSinkSurvivesFlinksJavaSerialization(PlainSink sink) throws Exception {
        Sink<Event> wrapped = FlushingSink.wrap(sink, REGISTRY);

        Sink<Event> copy =
                InstantiationUtil.deserializeObject(
                        InstantiationUtil.serializeObject(wrapped), getClass().getClassLoader());
        SinkWriter<Event> writer = copy.createWriter((WriterInitContext) null);
        writer.write(new FlushEvent(0, List.of(), null), new FixedContext());

        assertThat(interfaces(copy)).isEqualTo(interfaces(sink));
        assertThat(copy.toString()).startsWith("FlushingSink(");
    }

    /**
     * Every interface of the object's class, its superclasses and their superinterfaces; but not
     * {@code Serializable} of {@link Proxy} itself, which every proxy is and no Flink check looks
     * for on a writer.
     */
    private static Set<String> interfaces(Object object) {
        Set<Class<?>> all = new LinkedHashSet<>();
        for (Class<?> c = object.getClass(); c != null && c != Proxy.class; c = c.getSuperclass()) {
            addWithSuperinterfaces(c.getInterfaces(), all);
        }
        return all.stream()
                .map(Class::getName)
                .sorted()
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private static void addWithSuperinterfaces(Class<?>[] interfaces, Set<Class<?>> all) {
        for (Class<?> i : interfaces) {
            if (all.add(i)) {
                addWithSuperinterfaces(i.getInterfaces(), all);
            }
        }
    }

    /** The operators Flink's sink translator builds for {@code rows.sinkTo(sink)}, in id order. */
    private static List<String> operatorsAround(Sink<Event> sink) {
        return nodesAround(sink).stream()
                .map(StreamNode::getOperatorName)
                .filter(name -> !name.startsWith("Source"))
                .collect(Collectors.toList());
    }

    private static List<StreamNode> nodesAround(Sink<Event> sink) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSequence(0, 1)
                .map(i -> (Event) CREATE)
                .returns(TypeInformation.of(Event.class))
                .name("rows")
                .sinkTo(sink)
                .name("Sink");
        return env.getStreamGraph().getStreamNodes().stream()
                .sorted(Comparator.comparingInt(StreamNode::getId))
                .collect(Collectors.toList());
    }

    private static final class FixedContext implements SinkWriter.Context {
        @Override
        public long currentWatermark() {
            return 0;
        }

        @Override
        public Long timestamp() {
            return null;
        }
    }
}
