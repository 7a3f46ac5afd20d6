package dev.schemaop.connectors.values;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

class OutputPathCheckTest {

    /**
     * The file system's permission answer is given to the check, so that the case is tested also
     * where the tests run as root (who may write anywhere).
     */
    @Test
    void anOutputPathInAnUnwritableDirectoryIsRejectedAtSubmission(@TempDir Path dir)
            throws Exception {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Path out = locked.resolve("new/o.json");

        assertThatThrownBy(
                        () -> OutputPathCheck.check(out.toString(), path -> !path.equals(locked)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Option 'output.path' of the values sink, "
                                + out
                                + ", cannot be written: the directory "
                                + locked
                                + " is not writable, so "
                                + locked.resolve("new")
                                + " cannot be created in it. Make it writable, or choose a"
                                + " path in a writable directory.");
        OutputPathCheck.check(out.toString(), path -> true); // writable: accepted
    }
}
