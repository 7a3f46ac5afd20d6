package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.launch.ConnectorCatalog;
import dev.schemaop.launch.ConnectorCatalog.Entry;
import dev.schemaop.launch.FlinkCdcHome;

import org.apache.flink.cdc.common.configuration.ConfigOption;
import org.apache.flink.cdc.common.factories.Factory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code flink-cdc.sh connectors [TYPE]}: every source and sink type a pipeline can name and where
 * each comes from; with a type, the options of its connectors as their factories declare them.
 */
@Command(
        name = "connectors",
        sortOptions = false,
        description = {
            "Lists every source and sink type a pipeline can name and where each comes from: a"
                    + " --jar, the lib directory (FLINK_CDC_LIB), the project's own connectors, the"
                    + " class path. When two have one type the first listed is used.",
            "flink-cdc.sh connectors TYPE: the options of the connectors of that type (required,"
                    + " optional with defaults, descriptions)."
        })
final class ConnectorsCommand implements Callable<Integer> {
    private final PrintStream out = System.out;
    private final PrintStream err = System.err;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TYPE", description = "A type.")
    String type;

    @Option(names = "--jar", paramLabel = "JAR", description = "A connector jar; repeatable.")
    List<Path> jars = new ArrayList<>();

    @Option(names = "--verbose", description = "Print stack traces of errors.")
    boolean verbose;

    @Mixin HelpOption help;

    @Override
    public Integer call() {
        FailureReport failures = new FailureReport(err, verbose);
        try (ConnectorCatalog catalog =
                ConnectorCatalog.of(
                        FlinkCdcHome.locate(),
                        jars,
                        Thread.currentThread().getContextClassLoader())) {
            if (type == null) {
                list(catalog.entries());
                return PipelineRunner.OK;
            }
            List<Entry> used = used(catalog.entries(), type);
            if (used.isEmpty()) {
                throw new PipelineConfigException(
                        "No connector has type '"
                                + type
                                + "'. Run 'flink-cdc.sh connectors' for the types there are.");
            }
            for (Entry entry : used) {
                describe(entry, catalog.factoryOf(entry));
            }
            return PipelineRunner.OK;
        } catch (PipelineConfigException e) {
            failures.print(e.getMessage(), e);
            return PipelineRunner.BAD_INPUT;
        } catch (Exception | LinkageError e) {
            failures.print("Could not list the connectors: " + FailureMessages.rootMessage(e), e);
            return PipelineRunner.JOB_FAILED;
        }
    }

    private void list(List<Entry> entries) {
        Set<String> seen = new HashSet<>();
        out.printf("%-6s  %-12s  %-13s  %s%n", "KIND", "TYPE", "ORIGIN", "FROM");
        for (Entry entry : entries) {
            boolean shadowed = !seen.add(entry.kind() + "/" + entry.type());
            out.printf(
                    "%-6s  %-12s  %-13s  %s%s%n",
                    entry.kind().block(),
                    entry.type(),
                    entry.origin().label(),
                    entry.from(),
                    shadowed ? "  (not used: one listed above has this type)" : "");
        }
    }

    /** The entry a pipeline would use, per kind, for this type. */
    private static List<Entry> used(List<Entry> entries, String type) {
        Set<Object> kinds = new HashSet<>();
        return entries.stream()
                .filter(entry -> entry.type().equals(type) && kinds.add(entry.kind()))
                .toList();
    }

    private void describe(Entry entry, Factory factory) {
        out.printf(
                "%s '%s' (%s: %s, %s)%n",
                entry.kind().block(),
                entry.type(),
                entry.origin().label(),
                entry.from(),
                factory.getClass().getName());
        options("required", factory.requiredOptions());
        options("optional", factory.optionalOptions());
    }

    private void options(String which, Set<ConfigOption<?>> options) {
        out.println("  " + which + ":" + (options.isEmpty() ? " none" : ""));
        List<ConfigOption<?>> sorted = new ArrayList<>(options);
        sorted.sort(Comparator.comparing(ConfigOption::key));
        for (ConfigOption<?> option : sorted) {
            String description = new PlainTextFormatter().format(option.description()).strip();
            out.printf(
                    "    %s%s%n      %s%n",
                    option.key(),
                    option.hasDefaultValue() ? " (default: " + option.defaultValue() + ")" : "",
                    description.isEmpty() ? "(no description)" : description);
        }
    }
}
