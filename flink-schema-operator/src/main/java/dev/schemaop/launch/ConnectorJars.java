package dev.schemaop.launch;

import dev.schemaop.api.PipelineConfigException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;

/** Checks a connector jar before anything starts: it must be a whole jar file. */
final class ConnectorJars {
    private ConnectorJars() {}

    /**
     * @param named how the user named the jar, for the message: {@code --jar PATH} or the path in
     *     the lib directory
     */
    static void check(Path jar, String named) {
        if (!Files.isRegularFile(jar)) {
            throw new PipelineConfigException(
                    named + " does not exist or is not a file. Pass the path of a connector jar.");
        }
        // Opening reads the zip's central directory at its end: a truncated jar has none.
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            if (zip.size() == 0) {
                throw notAJar(named, "it holds no files");
            }
        } catch (IOException e) {
            throw notAJar(named, "it cannot be read as a zip archive (" + e.getMessage() + ")");
        }
    }

    private static PipelineConfigException notAJar(String named, String why) {
        return new PipelineConfigException(
                named
                        + " is not a jar file: "
                        + why
                        + ". Pass a connector jar as built (a complete .jar); a download that stopped"
                        + " early leaves a truncated one.");
    }
}
