package dev.schemaop.operator;

import dev.schemaop.protocol.ChannelEvent;
import dev.schemaop.registry.RegistryConfig;
import dev.schemaop.registry.SchemaRegistryProvider;

import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.runtime.operators.coordination.OperatorEventDispatcher;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.CoordinatedOperatorFactory;
import org.apache.flink.streaming.api.operators.OneInputStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
import org.apache.flink.streaming.runtime.tasks.mailbox.TaskMailbox;

/** Creates the {@link SchemaOperator} subtasks and their coordinator, the schema registry. */
public final class SchemaOperatorFactory extends AbstractStreamOperatorFactory<ChannelEvent>
        implements CoordinatedOperatorFactory<ChannelEvent>,
                OneInputStreamOperatorFactory<Event, ChannelEvent> {
    private static final long serialVersionUID = 1L;

    private final SchemaOperatorConfig operatorConfig;
    private final RegistryConfig registryConfig;

    public SchemaOperatorFactory(
            SchemaOperatorConfig operatorConfig, RegistryConfig registryConfig) {
        this.operatorConfig = operatorConfig;
        this.registryConfig = registryConfig;
        setChainingStrategy(ChainingStrategy.ALWAYS);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends StreamOperator<ChannelEvent>> T createStreamOperator(
            StreamOperatorParameters<ChannelEvent> parameters) {
        OperatorID operatorId = parameters.getStreamConfig().getOperatorID();
        OperatorEventDispatcher dispatcher = parameters.getOperatorEventDispatcher();
        // Answers from the registry arrive as lowest-priority mails; waiting at the end of
        // input must be able to run them.
        MailboxExecutor anyMail =
                parameters
                        .getContainingTask()
                        .getMailboxExecutorFactory()
                        .createExecutor(TaskMailbox.MIN_PRIORITY);
        SchemaOperator operator =
                new SchemaOperator(
                        operatorConfig, dispatcher.getOperatorEventGateway(operatorId), anyMail);
        operator.setup(
                parameters.getContainingTask(),
                parameters.getStreamConfig(),
                parameters.getOutput());
        dispatcher.registerEventHandler(operatorId, operator);
        return (T) operator;
    }

    @Override
    public OperatorCoordinator.Provider getCoordinatorProvider(
            String operatorName, OperatorID operatorId) {
        return new SchemaRegistryProvider(operatorId, registryConfig);
    }

    @Override
    public Class<? extends StreamOperator> getStreamOperatorClass(ClassLoader classLoader) {
        return SchemaOperator.class;
    }
}
