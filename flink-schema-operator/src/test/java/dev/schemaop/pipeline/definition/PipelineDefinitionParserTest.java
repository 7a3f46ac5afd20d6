package dev.schemaop.pipeline.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemaop.api.PipelineConfigException;

import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.pipeline.RuntimeExecutionMode;
import org.apache.flink.cdc.common.pipeline.SchemaChangeBehavior;
import org.apache.flink.configuration.MemorySize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

class PipelineDefinitionParserTest {

    private static final String MINIMAL = "source:\n  type: mysql\nsink:\n  type: paimon\n";
    private static final String FIX_YAML =
            "Correct the YAML at that position: indent with spaces, close every quote and bracket,"
                    + " and quote values that contain ': ' or ' #'.";
    private static final String VALID_TAGS =
            "Use the event types add.column, alter.column.type, create.table, drop.column,"
                    + " drop.table, rename.column, truncate.table or the families add, alter,"
                    + " create, drop, rename, table, column, all (case-insensitive).";

    private final PipelineDefinitionParser parser = new PipelineDefinitionParser();

    // ------------------------------------------------------------------------------------
    // happy path

    @Test
    void parsesFullDefinition() throws Exception {
        PipelineDefinition definition = parser.parse(resource("full-pipeline.yaml"), Map.of());

        Map<String, String> sourceOptions = new LinkedHashMap<>();
        sourceOptions.put("hostname", "localhost");
        sourceOptions.put("port", "3306");
        sourceOptions.put("username", "cdc");
        sourceOptions.put("password", "hunter2");
        sourceOptions.put("tables", "app_db.orders,app_db.products");
        sourceOptions.put("scan.incremental.snapshot.enabled", "true");
        Map<String, String> sinkOptions = new LinkedHashMap<>();
        sinkOptions.put("catalog.properties.metastore", "filesystem");
        sinkOptions.put("catalog.properties.existing-table.schema-expansion.mode", "CHECK");

        PipelineDefinition expected =
                new PipelineDefinition(
                        new SourceDefinition("mysql", "MySQL Source", sourceOptions),
                        new SinkDefinition(
                                "paimon",
                                "Paimon Sink",
                                sinkOptions,
                                List.of("create.table", "column"),
                                List.of("drop.column", "truncate.table"),
                                "EXPAND"),
                        List.of(
                                new RouteDefinition(
                                        "app_db\\.orders_.*",
                                        "ods_db.orders",
                                        null,
                                        "merge the order shards"),
                                new RouteDefinition("app_db\\.products", "ods_db.<>", "<>", null)),
                        new PipelineSettings(
                                "Sync app_db to Paimon",
                                4,
                                SchemaChangeBehavior.TRY_EVOLVE,
                                true,
                                Duration.ofSeconds(30),
                                PipelineSettings.DEFAULT_MAX_PARKED,
                                RuntimeExecutionMode.STREAMING,
                                "Asia/Shanghai",
                                "app-sync-",
                                "$$_schema_operator_$$",
                                "/var/lib/flink-cdc/schema-history"));
        assertThat(definition).isEqualTo(expected);
        assertThat(List.copyOf(definition.source().options().keySet()))
                .as("options keep the order they were written in")
                .containsExactlyElementsOf(sourceOptions.keySet());
        assertThat(definition.acceptedSchemaChanges())
                .containsExactlyInAnyOrder(
                        SchemaChangeEventType.CREATE_TABLE,
                        SchemaChangeEventType.ADD_COLUMN,
                        SchemaChangeEventType.ALTER_COLUMN_TYPE,
                        SchemaChangeEventType.RENAME_COLUMN);
    }

    @Test
    void toStringMasksSecrets() throws Exception {
        PipelineDefinition definition = parser.parse(resource("full-pipeline.yaml"), Map.of());
        assertThat(definition.toString())
                .doesNotContain("hunter2")
                .contains("password=***", "hostname=localhost");
    }

    @Test
    void theSecretsOfADefinitionAreItsSensitiveOptionsAndUrlPasswords() {
        PipelineDefinition definition =
                parser.parse(
                        "source:\n  type: mysql\n  password: v-pw\n  debezium.some.token: v-tok\n"
                                + "  username: cdc\nsink:\n  type: postgres\n"
                                + "  url: jdbc:postgresql://h/db?trustStorePassword=v-ts&ssl=true\n"
                                + "  catalog.properties.fs.s3a.secret.key: v-sk\n",
                        "pipeline.yaml",
                        Map.of());

        assertThat(definition.secrets()).containsExactly("v-pw", "v-tok", "v-ts", "v-sk");
        assertThat(definition.toString())
                .contains(
                        "password=***",
                        "debezium.some.token=***",
                        "url=jdbc:postgresql://h/db?trustStorePassword=***&ssl=true",
                        "catalog.properties.fs.s3a.secret.key=***",
                        "username=cdc")
                .doesNotContain("v-");
    }

    @Test
    void minimalDefinitionGetsDefaults() {
        PipelineDefinition definition = parser.parse(MINIMAL, "pipeline.yaml", Map.of());

        assertThat(definition)
                .isEqualTo(
                        new PipelineDefinition(
                                new SourceDefinition("mysql", null, Map.of()),
                                new SinkDefinition(
                                        "paimon",
                                        null,
                                        Map.of(),
                                        null,
                                        null,
                                        SinkDefinition.DEFAULT_EXPANSION_MODE),
                                List.of(),
                                PipelineSettings.defaults()));
        PipelineSettings settings = definition.settings();
        assertThat(settings.name()).isEqualTo("Flink CDC Pipeline Job");
        assertThat(settings.parallelism()).isEqualTo(1);
        assertThat(settings.behavior()).isEqualTo(SchemaChangeBehavior.LENIENT);
        assertThat(settings.explicitCast()).isFalse();
        assertThat(settings.rpcTimeout()).isEqualTo(Duration.ofMinutes(3));
        assertThat(settings.runtimeMode()).isEqualTo(RuntimeExecutionMode.STREAMING);
        assertThat(settings.localTimeZone()).isEqualTo(ZoneId.systemDefault().getId());
        assertThat(settings.operatorUidPrefix()).isNull();
        assertThat(definition.sink().expansionMode()).isEqualTo("DISABLED");
        assertThat(definition.acceptedSchemaChanges())
                .isEqualTo(
                        EnumSet.complementOf(
                                EnumSet.of(
                                        SchemaChangeEventType.DROP_TABLE,
                                        SchemaChangeEventType.TRUNCATE_TABLE)));
    }

    @Test
    void includeAsCommaSeparatedStringAndExcludeAsList() {
        PipelineDefinition definition =
                parser.parse(
                        "source:\n  type: mysql\nsink:\n  type: paimon\n"
                                + "  include.schema.changes: ' Add.Column, drop ,'\n"
                                + "  exclude.schema.changes: [drop.column]\n",
                        "pipeline.yaml",
                        Map.of());

        assertThat(definition.sink().includedSchemaChanges()).containsExactly("Add.Column", "drop");
        assertThat(definition.sink().excludedSchemaChanges()).containsExactly("drop.column");
        assertThat(definition.acceptedSchemaChanges())
                .containsExactlyInAnyOrder(
                        SchemaChangeEventType.ADD_COLUMN,
                        SchemaChangeEventType.DROP_TABLE,
                        SchemaChangeEventType.CREATE_TABLE);
    }

    @Test
    void pipelineValuesAreReadLeniently() {
        PipelineSettings settings =
                parser.parse(
                                MINIMAL
                                        + "pipeline:\n  parallelism: \"8\"\n  schema.change.explicit-cast: 'FALSE'\n"
                                        + "  schema-operator.rpc-timeout: 500ms\n  local-time-zone: systemDefault\n"
                                        + "  schema-operator.parked-rows.max-size: 8 mb\n"
                                        + "  execution.runtime-mode: Streaming\n",
                                "pipeline.yaml",
                                Map.of())
                        .settings();

        assertThat(settings.parallelism()).isEqualTo(8);
        assertThat(settings.explicitCast()).isFalse();
        assertThat(settings.rpcTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(settings.maxParkedBytes()).isEqualTo(MemorySize.ofMebiBytes(8));
        assertThat(settings.localTimeZone()).isEqualTo(ZoneId.systemDefault().getId());
        assertThat(settings.runtimeMode()).isEqualTo(RuntimeExecutionMode.STREAMING);
    }

    @Test
    void emptyRouteAndPipelineBlocksAreAllowed() {
        PipelineDefinition definition =
                parser.parse(MINIMAL + "route:\npipeline:\n", "pipeline.yaml", Map.of());
        assertThat(definition.routes()).isEmpty();
        assertThat(definition.settings()).isEqualTo(PipelineSettings.defaults());
    }

    // ------------------------------------------------------------------------------------
    // global configuration

    @Test
    void loadsGlobalConfig() throws Exception {
        assertThat(PipelineDefinitionParser.loadGlobalConfig(resource("flink-cdc.yaml")))
                .containsExactly(
                        Map.entry("parallelism", "2"),
                        Map.entry("schema.change.behavior", "evolve"),
                        Map.entry("schema-operator.rpc-timeout", "500ms"));
    }

    @Test
    void globalConfigGivesDefaults() throws Exception {
        Map<String, String> global =
                PipelineDefinitionParser.loadGlobalConfig(resource("flink-cdc.yaml"));

        PipelineSettings settings = parser.parse(MINIMAL, "pipeline.yaml", global).settings();

        assertThat(settings.parallelism()).isEqualTo(2);
        assertThat(settings.behavior()).isEqualTo(SchemaChangeBehavior.EVOLVE);
        assertThat(settings.rpcTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(settings.name()).isEqualTo("Flink CDC Pipeline Job");
    }

    @Test
    void pipelineBlockOverridesGlobalConfig() throws Exception {
        Map<String, String> global =
                PipelineDefinitionParser.loadGlobalConfig(resource("flink-cdc.yaml"));

        PipelineSettings settings =
                parser.parse(
                                MINIMAL
                                        + "pipeline:\n  parallelism: 3\n  schema.change.behavior: ignore\n",
                                "pipeline.yaml",
                                global)
                        .settings();

        assertThat(settings.parallelism()).isEqualTo(3);
        assertThat(settings.behavior()).isEqualTo(SchemaChangeBehavior.IGNORE);
        assertThat(settings.rpcTimeout()).as("not overridden").isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void emptyGlobalConfigIsNoConfig(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("flink-cdc.yaml"), "# nothing set\n");
        assertThat(PipelineDefinitionParser.loadGlobalConfig(file)).isEmpty();
    }

    @Test
    void unknownGlobalConfigKeyNamesTheFile() throws Exception {
        Path file = resource("flink-cdc-unknown-key.yaml");
        assertThatThrownBy(() -> PipelineDefinitionParser.loadGlobalConfig(file))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        file
                                + ":2: unknown key 'pipeline.parallelism' in the global configuration."
                                + " Valid keys: name, parallelism, schema.change.behavior,"
                                + " schema.change.explicit-cast, schema-operator.rpc-timeout,"
                                + " schema-operator.parked-rows.max-size, execution.runtime-mode,"
                                + " local-time-zone, operator.uid.prefix, schema.operator.uid, schema-history.dir. Remove"
                                + " the key or correct its spelling.");
    }

    @Test
    void badGlobalConfigValueNamesTheFileAndLine() throws Exception {
        Path file = resource("flink-cdc-bad-behavior.yaml");
        assertThatThrownBy(() -> PipelineDefinitionParser.loadGlobalConfig(file))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        file
                                + ":2: unknown schema change behavior 'evolving' for option"
                                + " 'pipeline.schema.change.behavior'. Set it to one of: exception,"
                                + " evolve, try_evolve, lenient, ignore (case-insensitive; the default"
                                + " is lenient).");
    }

    @Test
    void unknownKeyInGlobalConfigMapIsRejected() {
        assertThatThrownBy(() -> parser.parse(MINIMAL, "pipeline.yaml", Map.of("paralelism", "2")))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessageStartingWith(
                        "global configuration: unknown key 'paralelism' in the global configuration.");
    }

    @Test
    void missingFileIsReported() {
        Path missing = Path.of("no-such-dir", "pipeline.yaml");
        assertThatThrownBy(() -> parser.parse(missing, Map.of()))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(
                        "the pipeline definition file '"
                                + missing
                                + "' does not exist. Check the path.");
    }

    // ------------------------------------------------------------------------------------
    // bad input: one exact message each

    @Test
    void yamlSyntaxError() {
        assertError(
                "source:\n  type: mysql\n  hostname: a: b\nsink:\n  type: paimon\n",
                "pipeline.yaml:3:14: invalid YAML: mapping values are not allowed here. "
                        + FIX_YAML);
    }

    @Test
    void yamlSyntaxErrorNeverQuotesTheSourceLine() {
        assertError(
                "source:\n  type: mysql\n  password: \"hunter2\nsink:\n  type: paimon\n",
                "pipeline.yaml:6:1: invalid YAML: found unexpected end of stream (while scanning a"
                        + " quoted scalar started at line 3, column 13). "
                        + FIX_YAML);
    }

    @Test
    void unknownTopLevelKey() {
        assertError(
                MINIMAL + "sinks:\n  type: paimon\n",
                "pipeline.yaml:5: unknown top-level key 'sinks'. Valid top-level keys: source, sink,"
                        + " route, pipeline. Remove the key or correct its spelling.");
    }

    @Test
    void unknownPipelineKey() {
        assertError(
                MINIMAL + "pipeline:\n  parallelism: 2\n  paralelism: 2\n",
                "pipeline.yaml:7: unknown key 'paralelism' in the pipeline block. Valid keys: name,"
                        + " parallelism, schema.change.behavior, schema.change.explicit-cast,"
                        + " schema-operator.rpc-timeout, schema-operator.parked-rows.max-size,"
                        + " execution.runtime-mode, local-time-zone, operator.uid.prefix,"
                        + " schema.operator.uid, schema-history.dir. Remove the key or correct its"
                        + " spelling.");
    }

    @Test
    void unknownBehavior() {
        assertError(
                MINIMAL + "pipeline:\n  schema.change.behavior: evolv\n",
                "pipeline.yaml:6: unknown schema change behavior 'evolv' for option"
                        + " 'pipeline.schema.change.behavior'. Set it to one of: exception, evolve,"
                        + " try_evolve, lenient, ignore (case-insensitive; the default is lenient).");
    }

    @Test
    void unknownIncludeTagPointsAtTheItem() {
        assertError(
                "source:\n  type: mysql\nsink:\n  type: paimon\n  include.schema.changes:\n"
                        + "    - add.column\n    - drop.colum\n",
                "pipeline.yaml:7: unknown schema change type 'drop.colum' in option"
                        + " 'include.schema.changes'. "
                        + VALID_TAGS);
    }

    @Test
    void unknownExcludeTagInCommaSeparatedString() {
        assertError(
                MINIMAL + "  exclude.schema.changes: add.column, Drop.Colum\n",
                "pipeline.yaml:5: unknown schema change type 'Drop.Colum' in option"
                        + " 'exclude.schema.changes'. "
                        + VALID_TAGS);
    }

    @Test
    void transformBlock() {
        assertError(
                MINIMAL + "transform:\n  - source-table: app_db.orders\n    projection: id, name\n",
                "pipeline.yaml:5: transform blocks are not supported by flink-schema-operator. Remove"
                        + " the 'transform' block; tables are then written with their source"
                        + " columns as they are.");
    }

    @Test
    void missingSourceType() {
        assertError(
                "source:\n  hostname: localhost\nsink:\n  type: paimon\n",
                "pipeline.yaml:1: source block has no 'type'. Add the connector type, for"
                        + " example:\nsource:\n  type: mysql");
    }

    @Test
    void emptySinkType() {
        assertError(
                "source:\n  type: mysql\nsink:\n  type: ''\n",
                "pipeline.yaml:3: sink block has no 'type'. Add the connector type, for"
                        + " example:\nsink:\n  type: paimon");
    }

    @Test
    void missingSinkBlock() {
        assertError(
                "source:\n  type: mysql\npipeline:\n  parallelism: 2\n",
                "pipeline.yaml: the pipeline definition has no 'sink' block. Add one with at least the"
                        + " connector type, for example:\nsink:\n  type: paimon");
    }

    @Test
    void booleanExpansionMode() {
        assertError(
                MINIMAL + "  existing-table.schema-expansion.mode: true\n",
                "pipeline.yaml:5: sink option 'existing-table.schema-expansion.mode' is the YAML"
                        + " boolean 'true', but it takes a mode name. Quote the value, for example"
                        + " existing-table.schema-expansion.mode: \"EXPAND\" (valid values: DISABLED,"
                        + " CHECK, TRY_EXPAND, EXPAND).");
    }

    @Test
    void unknownExpansionMode() {
        assertError(
                MINIMAL + "  existing-table.schema-expansion.mode: \"grow\"\n",
                "pipeline.yaml:5: invalid value 'grow' for sink option"
                        + " 'existing-table.schema-expansion.mode'. Valid values: DISABLED, CHECK,"
                        + " TRY_EXPAND, EXPAND (case-insensitive).");
    }

    @Test
    void badParallelism() {
        for (String value : List.of("0", "-1", "two", "2.5")) {
            assertError(
                    MINIMAL + "pipeline:\n  parallelism: " + value + "\n",
                    "pipeline.yaml:6: invalid value '"
                            + value
                            + "' for option 'pipeline.parallelism':"
                            + " it must be a positive integer. Set it to the number of parallel"
                            + " subtasks, for example 'parallelism: 4'.");
        }
    }

    @Test
    void badRpcTimeout() {
        assertError(
                MINIMAL + "pipeline:\n  schema-operator.rpc-timeout: soon\n",
                "pipeline.yaml:6: invalid value 'soon' for option 'pipeline.schema-operator.rpc-timeout':"
                        + " it must be a positive duration. Write it as a number and a unit, for"
                        + " example 3min, 30 s or 500ms.");
    }

    @Test
    void badParkedRowsMaxSize() {
        assertError(
                MINIMAL + "pipeline:\n  schema-operator.parked-rows.max-size: lots\n",
                "pipeline.yaml:6: invalid value 'lots' for option"
                        + " 'pipeline.schema-operator.parked-rows.max-size': it must be a size."
                        + " Write it as a number and a unit, for example 64mb or 512kb (0: a pending"
                        + " change stops all input, as in Flink CDC).");
    }

    @Test
    void unknownRouteKey() {
        assertError(
                MINIMAL + "route:\n  - source-table: app_db.orders\n    sinktable: ods.orders\n",
                "pipeline.yaml:7: unknown key 'sinktable' in a route entry. Valid keys: source-table,"
                        + " sink-table, replace-symbol, description. Remove the key or correct its"
                        + " spelling.");
    }

    @Test
    void routeWithoutSinkTable() {
        assertError(
                MINIMAL + "route:\n  - source-table: app_db.orders\n",
                "pipeline.yaml:6: route entry has no 'sink-table'. Add it, for example:\nroute:\n"
                        + "  - source-table: app_db.orders_.*\n    sink-table: ods_db.orders");
    }

    @Test
    void routeWithBadRegex() {
        assertError(
                MINIMAL + "route:\n  - source-table: app_db.(orders\n    sink-table: ods.orders\n",
                "pipeline.yaml:6: route option 'source-table' is not a valid regular expression:"
                        + " Unclosed group. Correct the pattern; escape a literal dot as '\\.'.");
    }

    @Test
    void duplicateKey() {
        assertError(
                "source:\n  type: mysql\n  type: postgres\nsink:\n  type: paimon\n",
                "pipeline.yaml:3: duplicate key 'type' (first written at line 2). Keep only one of them.");
    }

    @Test
    void nullConnectorOptionNamesTheKeyNotAValue() {
        assertError(
                MINIMAL + "  password:\n",
                "pipeline.yaml:5: sink option 'password' has no value. Give it a value (quote an empty"
                        + " one: 'password: \"\"') or remove the key.");
    }

    @Test
    void emptyDefinition() {
        assertError(
                "# nothing yet\n",
                "pipeline.yaml: the pipeline definition is empty. Define at least a source and a sink,"
                        + " for example:\nsource:\n  type: mysql\nsink:\n  type: paimon");
    }

    @Test
    void secondDocument() {
        assertError(
                MINIMAL + "---\nsource:\n  type: mysql\n",
                "pipeline.yaml:6: a second YAML document starts here. Put the whole pipeline"
                        + " definition in one document (remove the '---' separator and what follows it).");
    }

    @Test
    void batchModeIsRead() {
        PipelineDefinition definition =
                parser.parse(
                        MINIMAL + "pipeline:\n  execution.runtime-mode: batch\n",
                        "pipeline.yaml",
                        Map.of());
        assertThat(definition.settings().runtimeMode()).isEqualTo(RuntimeExecutionMode.BATCH);
    }

    @Test
    void anUnknownRuntimeModeNamesTheModes() {
        assertError(
                MINIMAL + "pipeline:\n  parallelism: 1\n  execution.runtime-mode: MICRO\n",
                "pipeline.yaml:7: invalid value 'MICRO' for option"
                        + " 'pipeline.execution.runtime-mode': set it to STREAMING or BATCH"
                        + " (case-insensitive).");
    }

    @Test
    void aSinkOptionInThePipelineBlockIsSentToTheSinkBlock() {
        assertError(
                MINIMAL
                        + "pipeline:\n  parallelism: 1\n"
                        + "  existing-table.schema-expansion.mode: \"TRY_EXPAND\"\n",
                "pipeline.yaml:7: 'existing-table.schema-expansion.mode' is an option of the sink,"
                        + " not a pipeline setting. Move it into the sink block, e.g.\nsink:\n "
                        + " type: ...\n  existing-table.schema-expansion.mode: ...");
    }

    @Test
    void eachKeyOfAConnectorBlockKeepsItsLine() {
        SinkDefinition sink =
                parser.parse(
                                "source:\n  type: mysql\nsink:\n  type: paimon\n"
                                        + "  warehouse: /tmp/w\n"
                                        + "  exclude.schema.changes: [drop.column]\n",
                                "pipeline.yaml",
                                Map.of())
                        .sink();

        assertThat(sink.where().block()).isEqualTo("pipeline.yaml:3");
        assertThat(sink.where().of("type")).isEqualTo("pipeline.yaml:4");
        assertThat(sink.where().of("warehouse")).isEqualTo("pipeline.yaml:5");
        assertThat(sink.where().of("exclude.schema.changes")).isEqualTo("pipeline.yaml:6");
        assertThat(sink.where().of("not.written")).isEqualTo("pipeline.yaml:3");
    }

    // ------------------------------------------------------------------------------------

    private void assertError(String yaml, String message) {
        assertThatThrownBy(() -> parser.parse(yaml, "pipeline.yaml", Map.of()))
                .isInstanceOf(PipelineConfigException.class)
                .hasMessage(message);
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(
                PipelineDefinitionParserTest.class.getResource("/definition/" + name).toURI());
    }
}
