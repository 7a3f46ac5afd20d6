package dev.schemaop.launch;

import dev.schemaop.api.PipelineConfigException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;

/** Checks a connector jar before anything starts: it must be a whole jar file. */
final class ConnectorJars {
    private ConnectorJars() {}

    /** What to do about a bad {@code --jar}. */
    static final String PASSED_FIX =
            "Pass a connector jar as built (a complete .jar); a download that stopped early leaves"
                    + " a truncated one.";

    /**
     * @param named how the user named the jar, for the message: {@code --jar PATH} or its path in
     *     the directory it was found in
     * @param fix what to do about a jar that is not one
     */
    static void check(Path jar, String named, String fix) {
        if (!Files.isRegularFile(jar)) {
            throw new PipelineConfigException(
                    named + " does not exist or is not a file. Pass the path of a connector jar.");
        }
        // Opening reads the zip's central directory at its end: a truncated jar has none.
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            if (zip.size() == 0) {
                throw notAJar(named, "it holds no files", fix);
            }
        } catch (IOException e) {
            throw notAJar(
                    named, "it cannot be read as a zip archive (" + e.getMessage() + ")", fix);
        }
    }

    private static PipelineConfigException notAJar(String named, String why, String fix) {
        return new PipelineConfigException(named + " is not a jar file: " + why + ". " + fix);
    }
}
