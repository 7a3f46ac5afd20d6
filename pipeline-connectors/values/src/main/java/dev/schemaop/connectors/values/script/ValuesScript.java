package dev.schemaop.connectors.values.script;

import org.apache.flink.cdc.common.event.TableId;
import org.apache.flink.cdc.common.schema.Schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A parsed values source script: the flat list of items every split filters. */
public final class ValuesScript {

    private final String name;
    private final List<ScriptItem> items;
    private final Map<TableId, Schema> initialSchemas;

    ValuesScript(
            String name, List<ScriptItem> items, LinkedHashMap<TableId, Schema> initialSchemas) {
        this.name = name;
        this.items = Collections.unmodifiableList(items);
        this.initialSchemas = Collections.unmodifiableMap(initialSchemas);
    }

    public String getName() {
        return name;
    }

    public List<ScriptItem> getItems() {
        return items;
    }

    /** Each table's schema as first created by the script, in order of creation. */
    public Map<TableId, Schema> getInitialSchemas() {
        return initialSchemas;
    }
}
