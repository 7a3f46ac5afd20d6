package dev.schemaop.connectors.mariadb.schema;

import dev.schemaop.connectors.mariadb.SourceSettings;
import dev.schemaop.connectors.mariadb.jdbc.MariaDbConnections;
import dev.schemaop.connectors.mariadb.source.ShadowTables;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.source.MetadataAccessor;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The captured tables with the schemas a start would give them ({@code flink-cdc.sh check}): listed
 * and described as the snapshot does ({@code SHOW CREATE TABLE} through Debezium's DDL parser), in
 * one read-only pass without the snapshot's lock; shadow tables of online schema change tools left
 * out (their rows reach the sink as the original table's). MariaDB has databases and no schemas: a
 * table's database is its schema name, as in the pipeline's table ids.
 */
public final class CapturedTablesAccessor implements MetadataAccessor {
    private final SourceSettings settings;
    private Map<TableId, Schema> tables;

    public CapturedTablesAccessor(SourceSettings settings) {
        this.settings = settings;
    }

    @Override
    public List<String> listNamespaces() {
        return List.of();
    }

    @Override
    public List<String> listSchemas(String namespace) {
        LinkedHashSet<String> databases = new LinkedHashSet<>();
        for (TableId id : tables().keySet()) {
            databases.add(id.getSchemaName());
        }
        return namespace == null ? new ArrayList<>(databases) : List.of();
    }

    @Override
    public List<TableId> listTables(String namespace, String schemaName) {
        List<TableId> ids = new ArrayList<>();
        for (TableId id : tables().keySet()) {
            if (namespace == null
                    && (schemaName == null || Objects.equals(schemaName, id.getSchemaName()))) {
                ids.add(id);
            }
        }
        return ids;
    }

    @Override
    public Schema getTableSchema(TableId tableId) {
        Schema schema = tables().get(tableId);
        if (schema == null) {
            throw new IllegalArgumentException(
                    "Table " + tableId + " is not captured by the mariadb source");
        }
        return schema;
    }

    private Map<TableId, Schema> tables() {
        if (tables == null) {
            try {
                tables = describe();
            } catch (SQLException e) {
                throw new IllegalStateException(
                        "The mariadb source could not describe its tables at "
                                + settings.hostname()
                                + ":"
                                + settings.port()
                                + ": "
                                + e.getMessage(),
                        e);
            }
        }
        return tables;
    }

    private Map<TableId, Schema> describe() throws SQLException {
        Map<TableId, Schema> described = new LinkedHashMap<>();
        ShadowTables shadows = new ShadowTables(settings.onlineSchemaChanges());
        try (Connection connection = MariaDbConnections.open(settings, true);
                Statement sql = connection.createStatement()) {
            for (TableId id : CapturedTables.list(sql, settings)) {
                if (shadows.originalOf(id).isPresent()) {
                    continue;
                }
                String statement = CapturedTables.createStatement(sql, id);
                described.put(
                        id,
                        MariaDbTypes.schemaOf(
                                CreateStatements.describe(
                                        id.getSchemaName(), id.getTableName(), statement)));
            }
        }
        return described;
    }
}
