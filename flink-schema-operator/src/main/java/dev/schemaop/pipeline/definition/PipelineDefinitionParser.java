package dev.schemaop.pipeline.definition;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.pipeline.definition.PipelineSettingsResolver.RawSetting;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a pipeline definition in Apache Flink CDC's YAML layout (SPEC §8): top-level blocks {@code
 * source}, {@code sink} (both required), {@code route} and {@code pipeline}.
 *
 * <p>Everything is checked here, so that bad input fails at submission with one {@link
 * PipelineConfigException} saying what is wrong, at which file and line, and how to fix it (SPEC
 * §9). Connector option values never appear in messages. Stateless and thread-safe.
 */
public final class PipelineDefinitionParser {

    static final String SOURCE = "source";
    static final String SINK = "sink";
    static final String ROUTE = "route";
    static final String PIPELINE = "pipeline";
    static final String TRANSFORM = "transform";
    static final List<String> TOP_LEVEL_KEYS = List.of(SOURCE, SINK, ROUTE, PIPELINE);

    static final String TYPE = "type";
    static final String NAME = "name";

    static final String SOURCE_EXAMPLE = "source:\n  type: mysql";
    static final String SINK_EXAMPLE = "sink:\n  type: paimon";

    /**
     * Parses the pipeline definition file.
     *
     * @param globalConfig the pipeline settings of the global configuration ({@link
     *     #loadGlobalConfig}); the {@code pipeline} block overrides them
     */
    public PipelineDefinition parse(Path pipelineYaml, Map<String, String> globalConfig) {
        String text = readFile(pipelineYaml, "pipeline definition");
        return parse(text, pipelineYaml.toString(), globalConfig);
    }

    /**
     * Parses pipeline definition text.
     *
     * @param sourceName the file name (or other name) errors point at
     * @param globalConfig the pipeline settings of the global configuration; the {@code pipeline}
     *     block overrides them
     */
    public PipelineDefinition parse(
            String yamlText, String sourceName, Map<String, String> globalConfig) {
        Location file = Location.ofFile(sourceName);
        YamlNode.Mapping root = rootMapping(yamlText, file);
        checkTopLevelKeys(root);
        SourceDefinition source =
                ConnectorBlockParser.source(required(root, SOURCE, SOURCE_EXAMPLE, file));
        SinkDefinition sink = ConnectorBlockParser.sink(required(root, SINK, SINK_EXAMPLE, file));
        List<RouteDefinition> routes = RouteBlockParser.parse(root.get(ROUTE));
        PipelineSettings settings = parseSettings(root.get(PIPELINE), globalConfig);
        return new PipelineDefinition(source, sink, routes, settings);
    }

    /**
     * Reads the global configuration ({@code conf/flink-cdc.yaml}): a flat YAML mapping whose keys
     * are the {@code pipeline} block's keys. Keys and values are checked here, with file and line.
     *
     * @return the settings as written (booleans as {@code true}/{@code false}), in file order
     */
    public static Map<String, String> loadGlobalConfig(Path globalConfigYaml) {
        String file = globalConfigYaml.toString();
        String text = readFile(globalConfigYaml, "global configuration");
        Optional<YamlNode> root = YamlTreeReader.read(text, file);
        if (root.isEmpty() || isNull(root.get())) {
            return Collections.emptyMap();
        }
        if (!(root.get() instanceof YamlNode.Mapping mapping)) {
            throw root.get()
                    .location()
                    .error(
                            "the global configuration must be a mapping of pipeline options, not %s. Write"
                                    + " one option per line, for example 'parallelism: 2'.",
                            root.get().describe());
        }
        Map<String, RawSetting> settings =
                PipelineSettingsResolver.read(mapping, "the global configuration");
        PipelineSettingsResolver.resolve(settings);
        Map<String, String> values = new LinkedHashMap<>();
        settings.forEach((key, raw) -> values.put(key, raw.value()));
        return Collections.unmodifiableMap(values);
    }

    // ---------------------------------------------------------------------------------------
    // top level

    private static YamlNode.Mapping rootMapping(String yamlText, Location file) {
        Optional<YamlNode> root = YamlTreeReader.read(yamlText, file.file());
        if (root.isEmpty() || isNull(root.get())) {
            throw file.error(
                    "the pipeline definition is empty. Define at least a source and a sink, for"
                            + " example:\n%s\n%s",
                    SOURCE_EXAMPLE, SINK_EXAMPLE);
        }
        if (!(root.get() instanceof YamlNode.Mapping mapping)) {
            throw root.get()
                    .location()
                    .error(
                            "the pipeline definition must be a mapping with the blocks %s, not %s.",
                            String.join(", ", TOP_LEVEL_KEYS), root.get().describe());
        }
        return mapping;
    }

    private static void checkTopLevelKeys(YamlNode.Mapping root) {
        for (YamlNode.Entry entry : root.entries()) {
            if (entry.key().equals(TRANSFORM)) {
                throw entry.keyLocation()
                        .error(
                                "transform blocks are not supported by flink-schema-operator. Remove the"
                                        + " 'transform' block; tables are then written with their source"
                                        + " columns as they are.");
            }
            if (!TOP_LEVEL_KEYS.contains(entry.key())) {
                throw entry.keyLocation()
                        .error(
                                "unknown top-level key '%s'. Valid top-level keys: %s. Remove the key or"
                                        + " correct its spelling.",
                                entry.key(), String.join(", ", TOP_LEVEL_KEYS));
            }
        }
    }

    private static YamlNode.Entry required(
            YamlNode.Mapping root, String block, String example, Location file) {
        return root.get(block)
                .orElseThrow(
                        () ->
                                file.error(
                                        "the pipeline definition has no '%s' block. Add one with at least"
                                                + " the connector type, for example:\n%s",
                                        block, example));
    }

    // ---------------------------------------------------------------------------------------
    // pipeline settings

    private static PipelineSettings parseSettings(
            Optional<YamlNode.Entry> block, Map<String, String> globalConfig) {
        Location global = Location.ofFile("global configuration");
        Map<String, RawSetting> settings =
                new LinkedHashMap<>(PipelineSettingsResolver.fromMap(globalConfig, global));
        if (block.isPresent() && !isNull(block.get().value())) {
            if (!(block.get().value() instanceof YamlNode.Mapping mapping)) {
                throw block.get()
                        .keyLocation()
                        .error(
                                "the pipeline block must be a mapping of options, not %s. Write it as, for"
                                        + " example:\npipeline:\n  parallelism: 2",
                                block.get().value().describe());
            }
            settings.putAll(PipelineSettingsResolver.read(mapping, "the pipeline block"));
        }
        return PipelineSettingsResolver.resolve(settings);
    }

    // ---------------------------------------------------------------------------------------

    /** A single, non-null value as text. */
    static String text(String block, YamlNode.Entry entry) {
        if (!(entry.value() instanceof YamlNode.Scalar scalar)) {
            throw entry.keyLocation()
                    .error(
                            "%s option '%s' must be a single value, not %s.",
                            block, entry.key(), entry.value().describe());
        }
        if (scalar.isNull()) {
            throw entry.keyLocation()
                    .error(
                            "%s option '%s' has no value. Give it a value (quote an empty one: '%s: \"\"')"
                                    + " or remove the key.",
                            block, entry.key(), entry.key());
        }
        return scalar.optionValue();
    }

    static boolean isNull(YamlNode node) {
        return node instanceof YamlNode.Scalar scalar && scalar.isNull();
    }

    private static String readFile(Path path, String what) {
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new PipelineConfigException(
                    String.format("the %s file '%s' does not exist. Check the path.", what, path));
        } catch (IOException e) {
            throw new PipelineConfigException(
                    String.format(
                            "cannot read the %s file '%s': %s. Check that it is a readable UTF-8"
                                    + " text file.",
                            what, path, e.getMessage()),
                    e);
        }
    }
}
