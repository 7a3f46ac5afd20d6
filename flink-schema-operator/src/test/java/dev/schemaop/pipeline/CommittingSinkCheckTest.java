package dev.schemaop.pipeline;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.TwoPhaseCommittingSink;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.cdc.common.source.EventSourceProvider;
import org.apache.flink.cdc.common.source.FlinkSourceFunctionProvider;
import org.apache.flink.cdc.common.source.FlinkSourceProvider;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;

class CommittingSinkCheckTest {
    private static final String REFUSED =
            "p.yaml:5: the 'lake' sink commits what it writes only when a checkpoint completes,"
                    + " but checkpointing is off and the 'cdc' source has no end, so nothing it"
                    + " writes would ever be committed. Turn checkpointing on: -D"
                    + " execution.checkpointing.interval=10s.";

    /** An object of these interfaces that answers getBoundedness with {@code boundedness}. */
    private static Object fake(Boundedness boundedness, Class<?>... interfaces) {
        return Proxy.newProxyInstance(
                CommittingSinkCheckTest.class.getClassLoader(),
                interfaces,
                (proxy, method, args) -> {
                    if (method.getName().equals("getBoundedness")) {
                        return boundedness;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static Sink<?> sink(Class<?>... interfaces) {
        return (Sink<?>) fake(null, interfaces);
    }

    @SuppressWarnings("unchecked")
    private static EventSourceProvider source(Boundedness boundedness) {
        return FlinkSourceProvider.of((Source) fake(boundedness, Source.class));
    }

    private static void check(Sink<?> sink, EventSourceProvider source, boolean checkpointing) {
        CommittingSinkCheck.check(sink, "lake", "p.yaml:5", source, "cdc", checkpointing);
    }

    @Test
    void aCommittingSinkAfterASourceWithoutAnEndNeedsCheckpoints() {
        for (Sink<?> committing :
                new Sink<?>[] {
                    sink(Sink.class, SupportsCommitter.class), sink(TwoPhaseCommittingSink.class)
                }) {
            assertThatThrownBy(
                            () ->
                                    check(
                                            committing,
                                            source(Boundedness.CONTINUOUS_UNBOUNDED),
                                            false))
                    .isInstanceOf(PipelineConfigException.class)
                    .hasMessage(REFUSED);
            assertThatCode(() -> check(committing, source(Boundedness.CONTINUOUS_UNBOUNDED), true))
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void aSourceFunctionHasNoEndFlinkKnowsOf() {
        EventSourceProvider legacy =
                FlinkSourceFunctionProvider.of((SourceFunction) fake(null, SourceFunction.class));

        assertThatThrownBy(() -> check(sink(Sink.class, SupportsCommitter.class), legacy, false))
                .hasMessage(REFUSED);
    }

    @Test
    void theEndOfABoundedInputCommitsAndASinkWithoutCommitterHasNothingToCommit() {
        assertThatCode(
                        () ->
                                check(
                                        sink(Sink.class, SupportsCommitter.class),
                                        source(Boundedness.BOUNDED),
                                        false))
                .doesNotThrowAnyException();
        assertThatCode(
                        () ->
                                check(
                                        sink(Sink.class),
                                        source(Boundedness.CONTINUOUS_UNBOUNDED),
                                        false))
                .doesNotThrowAnyException();
    }
}
