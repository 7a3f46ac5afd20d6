package dev.schemaop.connectors.values.sink;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Replaces a file's content atomically: readers see the old or the new content, never a part. The
 * content goes to a temporary file in the same directory, which is then moved over the file.
 */
final class OutputFile {

    private OutputFile() {}

    static void replace(Path target, byte[] content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            // Not Files.createTempFile: it creates the file with mode 0600, and the move would
            // hand that mode to the output. A plain new file gets the usual mode (0666 minus the
            // umask, 0644 mostly), so other users and tools can read the result.
            try (OutputStream out =
                    Files.newOutputStream(
                            tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                out.write(content);
            }
            try {
                Files.move(
                        tmp,
                        target,
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
