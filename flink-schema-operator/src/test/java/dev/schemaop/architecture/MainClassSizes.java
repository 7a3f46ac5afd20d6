package dev.schemaop.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The main source files over a number of lines, below some source roots. */
final class MainClassSizes {
    private MainClassSizes() {}

    /** {@code path: N lines} of each .java file under {@code roots} with more than {@code max}. */
    static List<String> over(int max, List<Path> roots) {
        List<String> found = new ArrayList<>();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    long lines;
                    try (Stream<String> text = Files.lines(file)) {
                        lines = text.count();
                    }
                    if (lines > max) {
                        found.add(file + ": " + lines + " lines");
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return found;
    }
}
