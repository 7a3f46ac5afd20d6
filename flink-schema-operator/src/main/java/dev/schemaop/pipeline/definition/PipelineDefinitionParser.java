package dev.schemaop.pipeline.definition;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.behavior.AcceptedChangeTypes;
import dev.schemaop.pipeline.definition.PipelineSettingsResolver.RawSetting;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

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

    private static final String SOURCE_EXAMPLE = "source:\n  type: mysql";
    private static final String SINK_EXAMPLE = "sink:\n  type: paimon";

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
        SourceDefinition source = parseSource(required(root, SOURCE, SOURCE_EXAMPLE, file));
        SinkDefinition sink = parseSink(required(root, SINK, SINK_EXAMPLE, file));
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
    // source and sink

    /** A source or sink block split into type, name and the remaining entries. */
    private record ConnectorBlock(
            String type, String name, List<YamlNode.Entry> rest, BlockLocation where) {}

    private static SourceDefinition parseSource(YamlNode.Entry block) {
        ConnectorBlock connector = connectorBlock(block, SOURCE_EXAMPLE);
        Map<String, String> options = connectorOptions(SOURCE, connector.rest());
        return new SourceDefinition(connector.type(), connector.name(), options, connector.where());
    }

    private static SinkDefinition parseSink(YamlNode.Entry block) {
        ConnectorBlock connector = connectorBlock(block, SINK_EXAMPLE);
        List<YamlNode.Entry> options = new ArrayList<>();
        List<String> include = null;
        List<String> exclude = null;
        String expansionMode = SinkDefinition.DEFAULT_EXPANSION_MODE;
        for (YamlNode.Entry entry : connector.rest()) {
            switch (entry.key()) {
                case AcceptedChangeTypes.INCLUDE_OPTION -> include = schemaChangeTags(entry);
                case AcceptedChangeTypes.EXCLUDE_OPTION -> exclude = schemaChangeTags(entry);
                case SinkDefinition.EXPANSION_MODE_OPTION -> expansionMode = expansionMode(entry);
                default -> options.add(entry);
            }
        }
        return new SinkDefinition(
                connector.type(),
                connector.name(),
                connectorOptions(SINK, options),
                include,
                exclude,
                expansionMode,
                connector.where());
    }

    private static ConnectorBlock connectorBlock(YamlNode.Entry block, String example) {
        YamlNode value = block.value();
        if (isNull(value)) {
            throw noType(block, example);
        }
        if (!(value instanceof YamlNode.Mapping mapping)) {
            throw block.keyLocation()
                    .error(
                            "the %s block must be a mapping of options, not %s. Write it as, for"
                                    + " example:\n%s",
                            block.key(), value.describe(), example);
        }
        YamlNode.Entry type =
                mapping.get(TYPE)
                        .filter(e -> !isNull(e.value()) && !isBlankText(e.value()))
                        .orElseThrow(() -> noType(block, example));
        String name = mapping.get(NAME).map(e -> text(block.key(), e)).orElse(null);
        List<YamlNode.Entry> rest =
                mapping.entries().stream()
                        .filter(e -> !e.key().equals(TYPE) && !e.key().equals(NAME))
                        .collect(Collectors.toList());
        Map<String, String> keyLines = new LinkedHashMap<>();
        mapping.entries().forEach(e -> keyLines.put(e.key(), e.keyLocation().toString()));
        return new ConnectorBlock(
                text(block.key(), type),
                name,
                rest,
                new BlockLocation(block.keyLocation().toString(), keyLines));
    }

    private static PipelineConfigException noType(YamlNode.Entry block, String example) {
        return block.keyLocation()
                .error(
                        "%s block has no 'type'. Add the connector type, for example:\n%s",
                        block.key(), example);
    }

    /** Connector options: scalars as text, lists comma-joined, in the order written. */
    private static Map<String, String> connectorOptions(
            String block, List<YamlNode.Entry> entries) {
        Map<String, String> options = new LinkedHashMap<>();
        for (YamlNode.Entry entry : entries) {
            YamlNode value = entry.value();
            if (value instanceof YamlNode.Sequence sequence) {
                options.put(entry.key(), joinItems(block, entry, sequence));
            } else if (value instanceof YamlNode.Mapping) {
                throw entry.keyLocation()
                        .error(
                                "%s option '%s' is a nested mapping. Write each option as its own"
                                        + " dotted key, for example '%s.<name>: <value>'.",
                                block, entry.key(), entry.key());
            } else {
                options.put(entry.key(), text(block, entry));
            }
        }
        return options;
    }

    private static String joinItems(
            String block, YamlNode.Entry entry, YamlNode.Sequence sequence) {
        List<String> items = new ArrayList<>();
        for (YamlNode item : sequence.items()) {
            if (!(item instanceof YamlNode.Scalar scalar) || scalar.isNull()) {
                throw item.location()
                        .error(
                                "%s option '%s' is a list with an item that is %s. List items must be"
                                        + " single values, for example [a, b].",
                                block, entry.key(), item.describe());
            }
            items.add(scalar.optionValue());
        }
        return String.join(",", items);
    }

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

    // ---------------------------------------------------------------------------------------
    // sink framework options

    /** {@code include/exclude.schema.changes}: a YAML list or a comma-separated string of tags. */
    private static List<String> schemaChangeTags(YamlNode.Entry entry) {
        List<String> tags = new ArrayList<>();
        if (entry.value() instanceof YamlNode.Sequence sequence) {
            for (YamlNode item : sequence.items()) {
                if (!(item instanceof YamlNode.Scalar scalar) || scalar.isNull()) {
                    throw item.location()
                            .error(
                                    "sink option '%s' lists an item that is %s. Write each schema change"
                                            + " type as a single value, for example [add.column, drop.column].",
                                    entry.key(), item.describe());
                }
                tags.add(checkedTag(scalar.text(), entry.key(), scalar.location()));
            }
            return tags;
        }
        String value = text(SINK, entry);
        for (String tag : value.split(",")) {
            if (!tag.isBlank()) {
                tags.add(checkedTag(tag, entry.key(), entry.value().location()));
            }
        }
        return tags;
    }

    private static String checkedTag(String tag, String option, Location location) {
        try {
            AcceptedChangeTypes.resolveTags(List.of(tag), option);
        } catch (PipelineConfigException e) {
            throw location.locate(e);
        }
        return tag.trim();
    }

    private static String expansionMode(YamlNode.Entry entry) {
        String option = SinkDefinition.EXPANSION_MODE_OPTION;
        if (entry.value() instanceof YamlNode.Scalar scalar && scalar.isBoolean()) {
            throw scalar.location()
                    .error(
                            "sink option '%s' is the YAML boolean '%s', but it takes a mode name. Quote the"
                                    + " value, for example %s: \"EXPAND\" (valid values: %s).",
                            option,
                            scalar.text(),
                            option,
                            String.join(", ", SinkDefinition.EXPANSION_MODES));
        }
        String value = text(SINK, entry);
        String mode = value.trim().toUpperCase(Locale.ROOT);
        if (!SinkDefinition.EXPANSION_MODES.contains(mode)) {
            throw entry.value()
                    .location()
                    .error(
                            "invalid value '%s' for sink option '%s'. Valid values: %s"
                                    + " (case-insensitive).",
                            value, option, String.join(", ", SinkDefinition.EXPANSION_MODES));
        }
        return mode;
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

    private static boolean isBlankText(YamlNode node) {
        return node instanceof YamlNode.Scalar scalar && scalar.text().isBlank();
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
