package dev.schemaop.connectors.mariadb.snapshot;

import org.apache.flink.cdc.common.event.DataChangeEvent;
import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.List;

/** What the snapshot hands to the source reader, in order. */
public sealed interface SnapshotItem {

    /** A table's rows follow; they are built with {@code schema}, the table as described. */
    record TableStart(TableId table, Schema schema) implements SnapshotItem {}

    /** Rows of the last table started, as inserts. */
    record Rows(TableId table, List<DataChangeEvent> inserts) implements SnapshotItem {}

    /**
     * The snapshot is complete: the change stream starts at {@code position}, with {@code history}
     * (Debezium's schema history records of every table it follows) as its schema history.
     */
    record Done(BinlogPosition position, List<String> history) implements SnapshotItem {}
}
