package dev.schemaop.sample;

import org.apache.flink.cdc.common.event.SchemaChangeEvent;
import org.apache.flink.cdc.common.event.SchemaChangeEventType;
import org.apache.flink.cdc.common.exceptions.SchemaEvolveException;
import org.apache.flink.cdc.common.sink.MetadataApplier;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Appends one line per applied schema change to {@code <output.dir>/schema-changes.txt}: the
 * event's type tag, a space, and the event's {@code toString()}.
 */
public final class SampleMetadataApplier implements MetadataApplier {

    private static final long serialVersionUID = 1L;

    public static final String FILE_NAME = "schema-changes.txt";

    private final String outputDir;
    private HashSet<SchemaChangeEventType> accepted =
            new HashSet<>(Arrays.asList(SchemaChangeEventType.values()));

    public SampleMetadataApplier(String outputDir) {
        this.outputDir = outputDir;
    }

    public static Path changesFile(Path outputDir) {
        return outputDir.resolve(FILE_NAME);
    }

    @Override
    public MetadataApplier setAcceptedSchemaEvolutionTypes(
            Set<SchemaChangeEventType> schemaEvolutionTypes) {
        this.accepted = new HashSet<>(schemaEvolutionTypes);
        return this;
    }

    @Override
    public boolean acceptsSchemaEvolutionType(SchemaChangeEventType schemaChangeEventType) {
        return accepted.contains(schemaChangeEventType);
    }

    @Override
    public Set<SchemaChangeEventType> getSupportedSchemaEvolutionTypes() {
        return new HashSet<>(Arrays.asList(SchemaChangeEventType.values()));
    }

    @Override
    public synchronized void applySchemaChange(SchemaChangeEvent event)
            throws SchemaEvolveException {
        String line = event.getType().getTag() + " " + event + "\n";
        Path dir = Path.of(outputDir);
        try {
            Files.createDirectories(dir);
            Files.write(
                    changesFile(dir),
                    line.getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new SchemaEvolveException(
                    event, "Cannot append to " + changesFile(dir) + ": " + e.getMessage(), e);
        }
    }
}
