package dev.schemaop.connectors.values;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.Predicate;

/**
 * Checks at submission that the sink can write its {@code output.path}: otherwise the job would run
 * to its end and only then fail, in a writer, naming a temporary file.
 */
final class OutputPathCheck {

    private static final String OPTION = "Option 'output.path' of the values sink";

    private OutputPathCheck() {}

    /**
     * @param outputPath the option's value (relative paths are resolved against the working
     *     directory, as the store resolves them); null or blank: no file, nothing to check
     * @throws IllegalArgumentException when the path is a directory, lies under a file, or its
     *     directory is not writable (or cannot be created for that reason)
     */
    static void check(String outputPath) {
        check(outputPath, Files::isWritable);
    }

    /** As {@link #check(String)}, with the file system's answer to "may this user write here". */
    static void check(String outputPath, Predicate<Path> writable) {
        if (outputPath == null || outputPath.isBlank()) {
            return;
        }
        Path path = Paths.get(outputPath.trim()).toAbsolutePath().normalize();
        if (Files.isDirectory(path)) {
            throw new IllegalArgumentException(
                    OPTION
                            + " names a directory, "
                            + path
                            + "; it must name the JSON file to write. Set it to a file path, e.g. "
                            + path.resolve("values-result.json")
                            + ".");
        }
        Path directory = path.getParent();
        Path existing = directory;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return; // nothing exists up to the root: leave it to the writer to report
        }
        if (!Files.isDirectory(existing)) {
            throw new IllegalArgumentException(
                    OPTION
                            + ", "
                            + path
                            + ", lies under "
                            + existing
                            + ", which is a file, not a directory, so the output file cannot be"
                            + " created. Choose a path in a directory.");
        }
        if (!writable.test(existing)) {
            throw new IllegalArgumentException(
                    OPTION
                            + ", "
                            + path
                            + ", cannot be written: the directory "
                            + existing
                            + " is not writable"
                            + (existing.equals(directory)
                                    ? ""
                                    : ", so " + directory + " cannot be created in it")
                            + ". Make it writable, or choose a path in a writable directory.");
        }
    }
}
