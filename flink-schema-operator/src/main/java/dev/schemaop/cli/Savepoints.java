package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks the path given with {@code -s} before the cluster starts, where it is a local one. */
final class Savepoints {
    static final String METADATA = "_metadata";

    private Savepoints() {}

    /** The path, unchanged, once it is known to hold a savepoint or a retained checkpoint. */
    static String check(String savepoint) {
        Path local = localPath(savepoint);
        if (local == null) {
            return savepoint; // another file system: Flink reads it
        }
        boolean found =
                Files.isRegularFile(local)
                        || (Files.isDirectory(local)
                                && Files.isRegularFile(local.resolve(METADATA)));
        if (!found) {
            throw new PipelineConfigException(
                    "-s "
                            + savepoint
                            + ": "
                            + (Files.exists(local)
                                    ? "this directory holds no " + METADATA + " file, so it is not"
                                    : "nothing is there, so it is not")
                            + " a savepoint or a retained checkpoint. Pass the directory of one"
                            + " (it holds "
                            + METADATA
                            + "), e.g. .../chk-42 or .../savepoint-1a2b3c-4d5e6f.");
        }
        return savepoint;
    }

    /** The local path a savepoint or checkpoint location names; null for another file system. */
    static Path localPath(String savepoint) {
        try {
            URI uri = URI.create(savepoint.replace(" ", "%20"));
            if (uri.getScheme() == null) {
                return Path.of(savepoint);
            }
            return "file".equals(uri.getScheme()) ? Path.of(uri) : null;
        } catch (IllegalArgumentException e) {
            return Path.of(savepoint);
        }
    }
}
