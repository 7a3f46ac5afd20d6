package dev.schemaop.connectors.postgres.catalog;

import dev.schemaop.connectors.postgres.PostgresSourceSettings;
import dev.schemaop.connectors.postgres.slot.PostgresConnections;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.source.MetadataAccessor;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The captured tables as they are now, for {@code check}: the same layouts, and so the same
 * schemas, the snapshot would read.
 */
public final class CapturedTablesAccessor implements MetadataAccessor {
    private final PostgresSourceSettings settings;

    public CapturedTablesAccessor(PostgresSourceSettings settings) {
        this.settings = settings;
    }

    @Override
    public List<String> listNamespaces() {
        return List.of();
    }

    @Override
    public List<String> listSchemas(String namespace) {
        return layouts().stream().map(TableLayout::schema).distinct().toList();
    }

    @Override
    public List<TableId> listTables(String namespace, String schemaName) {
        return layouts().stream()
                .filter(l -> schemaName == null || l.schema().equals(schemaName))
                .map(TableLayout::id)
                .toList();
    }

    @Override
    public Schema getTableSchema(TableId tableId) {
        return layouts().stream()
                .filter(l -> l.id().equals(tableId))
                .findFirst()
                .map(TableLayout::pipelineSchema)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "No captured table "
                                                + tableId
                                                + " in "
                                                + settings.endpoint()));
    }

    private List<TableLayout> layouts() {
        try (Connection connection = PostgresConnections.open(settings)) {
            return Layouts.read(connection, l -> settings.captures(l.id()));
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "Could not read the tables of " + settings.endpoint() + ": " + e.getMessage(),
                    e);
        }
    }
}
