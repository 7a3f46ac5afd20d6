package dev.schemaop.connectors.values.source;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;
import org.apache.flink.cdc.common.source.MetadataAccessor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Metadata of the tables a script creates: each table's schema as the script first creates it. A
 * {@code null} namespace or schema name argument matches tables without one.
 */
public class ValuesMetadataAccessor implements MetadataAccessor {

    private final Map<TableId, Schema> schemas;

    public ValuesMetadataAccessor(Map<TableId, Schema> initialSchemas) {
        this.schemas = new LinkedHashMap<>(initialSchemas);
    }

    @Override
    public List<String> listNamespaces() {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (TableId id : schemas.keySet()) {
            if (id.getNamespace() != null) {
                out.add(id.getNamespace());
            }
        }
        return new ArrayList<>(out);
    }

    @Override
    public List<String> listSchemas(String namespace) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (TableId id : schemas.keySet()) {
            if (Objects.equals(id.getNamespace(), namespace) && id.getSchemaName() != null) {
                out.add(id.getSchemaName());
            }
        }
        return new ArrayList<>(out);
    }

    @Override
    public List<TableId> listTables(String namespace, String schemaName) {
        List<TableId> out = new ArrayList<>();
        for (TableId id : schemas.keySet()) {
            if (Objects.equals(id.getNamespace(), namespace)
                    && Objects.equals(id.getSchemaName(), schemaName)) {
                out.add(id);
            }
        }
        return out;
    }

    @Override
    public Schema getTableSchema(TableId tableId) {
        Schema schema = schemas.get(tableId);
        if (schema == null) {
            throw new IllegalArgumentException(
                    "Table "
                            + tableId
                            + " is not created by the values script; known tables: "
                            + schemas.keySet());
        }
        return schema;
    }
}
