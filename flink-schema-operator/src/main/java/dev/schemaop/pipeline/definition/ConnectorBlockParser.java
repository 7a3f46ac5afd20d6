package dev.schemaop.pipeline.definition;

import static dev.schemaop.pipeline.definition.PipelineDefinitionParser.NAME;
import static dev.schemaop.pipeline.definition.PipelineDefinitionParser.SINK;
import static dev.schemaop.pipeline.definition.PipelineDefinitionParser.SINK_EXAMPLE;
import static dev.schemaop.pipeline.definition.PipelineDefinitionParser.SOURCE;
import static dev.schemaop.pipeline.definition.PipelineDefinitionParser.SOURCE_EXAMPLE;
import static dev.schemaop.pipeline.definition.PipelineDefinitionParser.TYPE;
import static dev.schemaop.pipeline.definition.PipelineDefinitionParser.isNull;
import static dev.schemaop.pipeline.definition.PipelineDefinitionParser.text;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.behavior.AcceptedChangeTypes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code source} and {@code sink} blocks of a pipeline definition: the connector's type and
 * name, its options as text in the order written, and the sink's framework options ({@code
 * include.schema.changes}, {@code exclude.schema.changes}, {@code schema.expansion.mode}), each
 * checked with the file and line of a mistake.
 */
final class ConnectorBlockParser {

    private ConnectorBlockParser() {}

    /** A source or sink block split into type, name and the remaining entries. */
    private record ConnectorBlock(
            String type, String name, List<YamlNode.Entry> rest, BlockLocation where) {}

    static SourceDefinition source(YamlNode.Entry block) {
        ConnectorBlock connector = connectorBlock(block, SOURCE_EXAMPLE);
        Map<String, String> options = connectorOptions(SOURCE, connector.rest());
        return new SourceDefinition(connector.type(), connector.name(), options, connector.where());
    }

    static SinkDefinition sink(YamlNode.Entry block) {
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

    private static boolean isBlankText(YamlNode node) {
        return node instanceof YamlNode.Scalar scalar && scalar.text().isBlank();
    }
}
