package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;

/** Checks a {@code --jar} before anything starts: it must be a whole jar file. */
final class ConnectorJars {
    private ConnectorJars() {}

    static void check(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new PipelineConfigException(
                    "--jar "
                            + jar
                            + " does not exist or is not a file. Pass the path of a"
                            + " connector jar.");
        }
        // Opening reads the zip's central directory at its end: a truncated jar has none.
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            if (zip.size() == 0) {
                throw notAJar(jar, "it holds no files");
            }
        } catch (IOException e) {
            throw notAJar(jar, "it cannot be read as a zip archive (" + e.getMessage() + ")");
        }
    }

    private static PipelineConfigException notAJar(Path jar, String why) {
        return new PipelineConfigException(
                "--jar "
                        + jar
                        + " is not a jar file: "
                        + why
                        + ". Pass a connector jar as built (a complete .jar); a download that"
                        + " stopped early leaves a truncated one.");
    }
}
