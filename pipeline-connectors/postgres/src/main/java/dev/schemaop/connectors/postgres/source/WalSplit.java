package dev.schemaop.connectors.postgres.source;

import dev.schemaop.connectors.postgres.catalog.TableLayout;

import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.cdc.common.event.TableId;

import javax.annotation.Nullable;

import java.util.List;

/**
 * The one split of the source: the slot's change stream, and where the reader stands in it. Its
 * state is what a checkpoint keeps: the offset of the last record emitted (null before the first),
 * the layout of every captured table as the pipeline was told it, whether the snapshot is done
 * (then a null offset means the slot's own position, which only a complete checkpoint moves),
 * whether a bounded snapshot has ended, and the tables whose CREATE TABLE AS rows the stream was
 * carrying again at that offset (their next updates are still inserts).
 */
public record WalSplit(
        @Nullable String partitionJson,
        @Nullable String offsetJson,
        List<TableLayout> layouts,
        boolean streaming,
        boolean finished,
        List<TableId> relogging)
        implements SourceSplit {
    static final String ID = "wal";

    public WalSplit {
        layouts = List.copyOf(layouts);
        relogging = List.copyOf(relogging);
    }

    static WalSplit fresh() {
        return new WalSplit(null, null, List.of(), false, false, List.of());
    }

    @Override
    public String splitId() {
        return ID;
    }
}
