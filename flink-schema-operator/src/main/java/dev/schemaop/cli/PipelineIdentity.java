package dev.schemaop.cli;

import dev.schemaop.api.Secrets;
import dev.schemaop.pipeline.definition.PipelineDefinition;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a pipeline's checkpoints belong to: its name, its source's and sink's types and the options
 * that say which data they are (which server, which database, which tables, which warehouse). A
 * checkpoint of one identity restored into a definition of another would read positions of another
 * server, or state of other tables; options that tune a run (a batch size, an interval) may change.
 */
record PipelineIdentity(Map<String, String> entries) {

    /** Option names, by their last dot-separated part, that name the data a connector uses. */
    static final Set<String> IDENTIFYING =
            Set.of(
                    "hostname",
                    "port",
                    "url",
                    "database-name",
                    "tables",
                    "warehouse",
                    "metastore",
                    "uri");

    static final String FILE = "pipeline-identity.properties";

    static PipelineIdentity of(PipelineDefinition definition) {
        Map<String, String> entries = new TreeMap<>();
        entries.put("pipeline.name", definition.settings().name());
        entries.put("source.type", definition.source().type());
        identifying("source.", definition.source().options(), entries);
        entries.put("sink.type", definition.sink().type());
        identifying("sink.", definition.sink().options(), entries);
        return new PipelineIdentity(entries);
    }

    private static void identifying(
            String block, Map<String, String> options, Map<String, String> entries) {
        options.forEach(
                (key, value) -> {
                    if (IDENTIFYING.contains(key.substring(key.lastIndexOf('.') + 1))) {
                        // a URL's password would be written to disk and into messages
                        entries.put(block + key, Secrets.maskUrl(value));
                    }
                });
    }

    /** The identity written in {@code directory}, if one was. */
    static Optional<PipelineIdentity> readFrom(Path directory) throws IOException {
        Path file = directory.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        Map<String, String> entries = new TreeMap<>();
        properties.stringPropertyNames().forEach(k -> entries.put(k, properties.getProperty(k)));
        return Optional.of(new PipelineIdentity(entries));
    }

    void writeTo(Path directory) throws IOException {
        Files.createDirectories(directory);
        Properties properties = new Properties();
        properties.putAll(entries);
        Path file = directory.resolve(FILE);
        Path next = directory.resolve(FILE + ".next");
        try (Writer writer = Files.newBufferedWriter(next, StandardCharsets.UTF_8)) {
            properties.store(writer, "What the checkpoints here belong to (flink-cdc.sh)");
        }
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING);
    }

    /** One line per entry that differs: {@code source tables: 'a' then, 'b' now}. */
    List<String> differencesFrom(PipelineIdentity earlier) {
        Set<String> keys = new TreeSet<>(entries.keySet());
        keys.addAll(earlier.entries.keySet());
        List<String> lines = new ArrayList<>();
        for (String key : keys) {
            String then = earlier.entries.get(key);
            String now = entries.get(key);
            if (!Objects.equals(then, now)) {
                lines.add(
                        key.replaceFirst("\\.", " ")
                                + ": "
                                + shown(then)
                                + " then, "
                                + shown(now)
                                + " now");
            }
        }
        return lines;
    }

    private static String shown(String value) {
        return value == null ? "not set" : "'" + value + "'";
    }
}
