package dev.schemaop.connectors.mariadb.source;

import dev.schemaop.connectors.debezium.SingleSplitEnumerator;
import dev.schemaop.connectors.mariadb.SourceSettings;

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
 * The MariaDB change-data-capture source: one split, the server's change stream, read by reader 0
 * through Debezium. Bounded when it only snapshots.
 */
public final class BinlogSource implements Source<Event, BinlogSplit, List<BinlogSplit>> {
    private final SourceSettings settings;

    public BinlogSource(SourceSettings settings) {
        this.settings = settings;
    }

    @Override
    public Boundedness getBoundedness() {
        return settings.startupMode().isBounded()
                ? Boundedness.BOUNDED
                : Boundedness.CONTINUOUS_UNBOUNDED;
    }

    private boolean isBounded() {
        return getBoundedness() == Boundedness.BOUNDED;
    }

    @Override
    public SourceReader<Event, BinlogSplit> createReader(SourceReaderContext context) {
        return new BinlogReader(settings, context);
    }

    @Override
    public SplitEnumerator<BinlogSplit, List<BinlogSplit>> createEnumerator(
            SplitEnumeratorContext<BinlogSplit> context) {
        return new SingleSplitEnumerator<>(context, List.of(BinlogSplit.fresh()), isBounded());
    }

    @Override
    public SplitEnumerator<BinlogSplit, List<BinlogSplit>> restoreEnumerator(
            SplitEnumeratorContext<BinlogSplit> context, List<BinlogSplit> checkpoint) {
        return new SingleSplitEnumerator<>(context, checkpoint, isBounded());
    }

    @Override
    public SimpleVersionedSerializer<BinlogSplit> getSplitSerializer() {
        return BinlogSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<List<BinlogSplit>> getEnumeratorCheckpointSerializer() {
        return new EnumeratorStateSerializer();
    }
}
