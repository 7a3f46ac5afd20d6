package dev.schemaop.connectors.mariadb.debezium;

import dev.schemaop.connectors.mariadb.SourceSettings;

import io.debezium.config.Configuration;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a source reader hands the Debezium classes its engine runs: Debezium creates its schema
 * history and its task itself, by class name, so they find the reader's parts in a JVM-wide table
 * under the engine's id, which the engine's properties carry ({@link #ENGINE_ID}).
 *
 * @param history the schema history the reader puts into its checkpoints
 * @param unparseable what becomes of a statement Debezium's parser cannot read
 * @param renames where the parser hands the reader the tables binlog statements rename
 * @param settings the source's settings, to log in as the source when the binlog connection drops
 */
record EngineHooks(
        CheckpointedSchemaHistory.Records history,
        UnparseableStatements unparseable,
        ResolvedRenames renames,
        SourceSettings settings) {
    /** The property holding the engine's id (a schema history property: the history gets it). */
    static final String ENGINE_ID = "schema.history.internal.schemaop.engine";

    private static final Map<String, EngineHooks> REGISTRY = new ConcurrentHashMap<>();

    static void register(String engineId, EngineHooks hooks) {
        REGISTRY.put(engineId, hooks);
    }

    static void unregister(String engineId) {
        REGISTRY.remove(engineId);
    }

    /** The hooks of the engine whose configuration {@code config} is. */
    static EngineHooks of(Configuration config) {
        String engineId = config.getString(ENGINE_ID);
        EngineHooks hooks = engineId == null ? null : REGISTRY.get(engineId);
        if (hooks == null) {
            throw new IllegalStateException("No source reader registered engine " + engineId);
        }
        return hooks;
    }
}
