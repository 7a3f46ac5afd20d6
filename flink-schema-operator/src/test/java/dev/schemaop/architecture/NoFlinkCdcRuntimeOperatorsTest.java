package dev.schemaop.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * SPEC §1: the schema operator, registry, flush protocol, partitioner, sink writer wrapper and
 * composer are this project's own work. Main code may use flink-cdc-runtime's serializers and
 * record generators, never its operators, partitioning or composer; of its operators' package only
 * the request and response message classes of {@code operators.schema.common.event} (Flink CDC's
 * coordination requests a connector's topology sends, which the registry answers).
 */
class NoFlinkCdcRuntimeOperatorsTest {
    private static final Pattern FORBIDDEN =
            Pattern.compile(
                    "^\\s*import\\s+(static\\s+)?org\\.apache\\.flink\\.cdc\\."
                            + "(runtime\\.(operators(?!\\.schema\\.common\\.event\\.\\w+(Request|Response);)"
                            + "|partitioning)|composer)\\.",
                    Pattern.MULTILINE);

    @Test
    void mainCodeDoesNotImportFlinkCdcOperatorsPartitioningOrComposer() throws IOException {
        Path main = Path.of("src/main/java");
        assertThat(main).isDirectory();
        List<String> offenders;
        try (Stream<Path> files = Files.walk(main)) {
            offenders =
                    files.filter(f -> f.toString().endsWith(".java"))
                            .filter(NoFlinkCdcRuntimeOperatorsTest::importsForbidden)
                            .map(Path::toString)
                            .toList();
        }
        assertThat(offenders).isEmpty();
    }

    @Test
    void thePatternCatchesTheForbiddenImports() {
        assertThat(
                        FORBIDDEN
                                .matcher(
                                        "import org.apache.flink.cdc.runtime.operators.schema.regular.SchemaOperator;")
                                .find())
                .isTrue();
        assertThat(
                        FORBIDDEN
                                .matcher(
                                        "import org.apache.flink.cdc.runtime.partitioning.PartitioningEvent;")
                                .find())
                .isTrue();
        assertThat(
                        FORBIDDEN
                                .matcher(
                                        "import org.apache.flink.cdc.composer.flink.FlinkPipelineComposer;")
                                .find())
                .isTrue();
        assertThat(
                        FORBIDDEN
                                .matcher(
                                        "import org.apache.flink.cdc.runtime.serializer.event.EventSerializer;")
                                .find())
                .isFalse();
        assertThat(
                        FORBIDDEN
                                .matcher(
                                        "import org.apache.flink.cdc.runtime.operators.schema.common.event.GetEvolvedSchemaRequest;")
                                .find())
                .as("SPEC §1: the coordination request and response messages")
                .isFalse();
        assertThat(
                        FORBIDDEN
                                .matcher(
                                        "import org.apache.flink.cdc.runtime.operators.schema.common.event.FlushSuccessEvent;")
                                .find())
                .isTrue();
        assertThat(
                        FORBIDDEN
                                .matcher(
                                        "import org.apache.flink.cdc.runtime.operators.schema.common.CoordinationResponseUtils;")
                                .find())
                .isTrue();
    }

    private static boolean importsForbidden(Path file) {
        try {
            return FORBIDDEN.matcher(Files.readString(file)).find();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
