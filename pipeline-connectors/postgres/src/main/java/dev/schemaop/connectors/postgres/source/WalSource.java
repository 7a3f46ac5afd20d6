package dev.schemaop.connectors.postgres.source;

import dev.schemaop.connectors.debezium.SingleSplitEnumerator;
import dev.schemaop.connectors.postgres.PostgresSourceSettings;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.cdc.common.event.Event;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.util.List;

/**
 * The PostgreSQL change-data-capture source: one split, the slot's change stream, read by reader 0
 * through Debezium after the source's own snapshot. Bounded when it only snapshots.
 */
public final class WalSource implements Source<Event, WalSplit, List<WalSplit>> {
    private final PostgresSourceSettings settings;

    public WalSource(PostgresSourceSettings settings) {
        this.settings = settings;
    }

    @Override
    public Boundedness getBoundedness() {
        return settings.startupMode().isBounded()
                ? Boundedness.BOUNDED
                : Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public SourceReader<Event, WalSplit> createReader(SourceReaderContext context) {
        return new WalReader(settings, context);
    }

    @Override
    public SplitEnumerator<WalSplit, List<WalSplit>> createEnumerator(
            SplitEnumeratorContext<WalSplit> context) {
        return new SingleSplitEnumerator<>(
                context, List.of(WalSplit.fresh()), settings.startupMode().isBounded());
    }

    @Override
    public SplitEnumerator<WalSplit, List<WalSplit>> restoreEnumerator(
            SplitEnumeratorContext<WalSplit> context, List<WalSplit> checkpoint) {
        return new SingleSplitEnumerator<>(context, checkpoint, settings.startupMode().isBounded());
    }

    @Override
    public SimpleVersionedSerializer<WalSplit> getSplitSerializer() {
        return WalSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<List<WalSplit>> getEnumeratorCheckpointSerializer() {
        return new WalEnumeratorState();
    }
}
