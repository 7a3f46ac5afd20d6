package dev.schemaop.connectors.values;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;

/**
 * The file the {@code script} option names (or the sink's {@code existing.tables}, see {@link
 * Role}): where it is, and its text. A relative path is resolved against the pipeline definition's
 * directory when the runner names it (so a pipeline and its scripts can move together), else
 * against the working directory.
 */
final class ScriptFile {

    /** Which option names the file, and how messages call it. */
    enum Role {
        SCRIPT(
                "the values source script",
                "script",
                "the YAML file of events",
                "a values script",
                "script"),
        EXISTING_TABLES(
                "the values sink's existing.tables file",
                "existing.tables",
                "the YAML file that lists the sink's tables",
                "an existing.tables file",
                "file");

        /** "the values source script" */
        private final String title;

        /** The option that names the file. */
        private final String option;

        /** What the option must name: "the YAML file of events". */
        private final String contents;

        /** Whose size limit it is: "a values script". */
        private final String limited;

        /** "Make the script smaller." */
        private final String noun;

        Role(String title, String option, String contents, String limited, String noun) {
            this.title = title;
            this.option = option;
            this.contents = contents;
            this.limited = limited;
            this.noun = noun;
        }
    }

    /**
     * The size limit of a script: its text is held as one Java string, which cannot hold much more
     * than 1 Gi characters that are not all Latin-1.
     */
    static final long MAX_BYTES = 1L << 30;

    private final Role role;
    private final String given;
    private final Path path;

    /** How messages describe the directory a relative path was resolved against; null if none. */
    private final String base;

    private ScriptFile(Role role, String given, Path path, String base) {
        this.role = role;
        this.given = given;
        this.path = path;
        this.base = base;
    }

    /** The source's {@code script}. */
    static ScriptFile locate(String script, Optional<Path> definitionDir) {
        return locate(Role.SCRIPT, script, definitionDir);
    }

    static ScriptFile locate(Role role, String file, Optional<Path> definitionDir) {
        Path given = Paths.get(file);
        if (given.isAbsolute()) {
            return new ScriptFile(role, file, given, null);
        }
        if (definitionDir.isPresent()) {
            Path dir = definitionDir.get().toAbsolutePath().normalize();
            return new ScriptFile(
                    role,
                    file,
                    dir.resolve(given).normalize(),
                    "the directory of the pipeline definition, " + dir);
        }
        Path cwd = Paths.get("").toAbsolutePath();
        return new ScriptFile(
                role, file, cwd.resolve(given).normalize(), "the working directory, " + cwd);
    }

    /** The file's path, absolute when it was resolved against a directory. */
    Path path() {
        return path;
    }

    /**
     * @throws IllegalArgumentException when the file is missing, over {@link #MAX_BYTES} or
     *     unreadable
     */
    String read() {
        if (!Files.exists(path)) {
            throw error(
                    base == null
                            ? "there is no such file."
                            : "there is no such file as "
                                    + path
                                    + " (a relative '"
                                    + role.option
                                    + "' is resolved against "
                                    + base
                                    + "). Give the path relative to that directory, or an"
                                    + " absolute path.");
        }
        if (Files.isDirectory(path)) {
            throw error(
                    where()
                            + " is a directory; '"
                            + role.option
                            + "' must name "
                            + role.contents
                            + ".");
        }
        try {
            long size = Files.size(path);
            if (size > MAX_BYTES) {
                throw error(
                        "it is "
                                + size
                                + " bytes, more than the size limit of "
                                + role.limited
                                + ", "
                                + MAX_BYTES
                                + " bytes (1 GiB). Make the "
                                + role.noun
                                + " smaller.");
            }
            return new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw error(where() + " cannot be read: " + e, e);
        }
    }

    private String where() {
        return base == null ? "the file" : path + " (resolved against " + base + ")";
    }

    private IllegalArgumentException error(String detail) {
        return error(detail, null);
    }

    private IllegalArgumentException error(String detail, Throwable cause) {
        return new IllegalArgumentException(
                "Cannot read " + role.title + " '" + given + "': " + detail, cause);
    }
}
