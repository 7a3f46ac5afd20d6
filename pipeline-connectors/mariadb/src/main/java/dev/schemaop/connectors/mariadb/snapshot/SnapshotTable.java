package dev.schemaop.connectors.mariadb.snapshot;

import dev.schemaop.connectors.mariadb.schema.SourceTable;

import org.apache.flink.cdc.common.event.TableId;

/**
 * A table the snapshot found: its {@code SHOW CREATE TABLE} statement (for Debezium's schema
 * history), its description, and whether its rows are read (a shadow table of an online schema
 * change is described, not read).
 */
record SnapshotTable(TableId id, String createStatement, SourceTable table, boolean readRows) {}
