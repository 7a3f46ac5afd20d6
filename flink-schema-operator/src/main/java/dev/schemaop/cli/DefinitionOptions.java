package dev.schemaop.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a command that reads a pipeline takes besides the file: the same for a run and a check. */
final class DefinitionOptions {
    @Option(names = "--jar", paramLabel = "JAR", description = "A connector jar; repeatable.")
    List<Path> jars = new ArrayList<>();

    @Option(
            names = "-D",
            paramLabel = "KEY=VALUE",
            mapFallbackValue = FlinkOptionCheck.NO_VALUE,
            description =
                    "A Flink configuration option, e.g. -D execution.checkpointing.interval=10s;"
                            + " repeatable; honoured on the embedded MiniCluster too.")
    Map<String, String> flinkOptions = new LinkedHashMap<>();

    @Option(
            names = "--global-config",
            paramLabel = "FILE",
            description =
                    "Defaults for the pipeline block (default: conf/flink-cdc.yaml beside bin/).")
    Path globalConfig;

    @Option(names = "--verbose", description = "Print stack traces of errors.")
    boolean verbose;
}
