package dev.schemaop.e2e.mariadb;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the tests' log file ({@code target/test.log}, log4j2-test.properties) got since a point. */
final class TestLog {
    private static final Path FILE = Path.of("target/test.log");
    private final long start;

    private TestLog(long start) {
        this.start = start;
    }

    static TestLog open() throws IOException {
        return new TestLog(Files.exists(FILE) ? Files.size(FILE) : 0);
    }

    String sinceOpened() throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(FILE.toFile(), "r")) {
            byte[] bytes = new byte[(int) Math.max(0, file.length() - start)];
            file.seek(start);
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
