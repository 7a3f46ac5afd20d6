package dev.schemaop.cli;

import dev.schemaop.api.PipelineConfigException;
import dev.schemaop.check.CheckReport;
import dev.schemaop.check.PipelineCheck;
import dev.schemaop.launch.JobConnectors;
import dev.schemaop.pipeline.PipelineComposer;
import dev.schemaop.pipeline.PipelineConnectors;
import dev.schemaop.pipeline.definition.PipelineDefinition;
import dev.schemaop.pipeline.definition.PipelineDefinitionParser;

import org.apache.flink.cdc.common.sink.MetadataApplier;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ServiceConfigurationError;
import java.util.concurrent.Callable;

/** {@code flink-cdc.sh check PIPELINE.yaml}: what a start would do to each sink table. */
@Command(
        name = "check",
        sortOptions = false,
        description = {
            "Prints what a start of the pipeline would do to each sink table (create, compatible,"
                    + " expand with its DDL, incompatible with each difference and repair"
                    + " statements), from the source's tables through the routes and the sink's"
                    + " existing tables, under the pipeline's behavior, filters and"
                    + " existing-table.schema-expansion.mode. Runs no job and changes nothing.",
            "Exit 0: a start would succeed; 1: it would fail; 2: bad input."
        })
final class CheckCommand implements Callable<Integer> {
    private final PrintStream out = System.out;
    private final PrintStream err = System.err;

    @Parameters(index = "0", paramLabel = "PIPELINE.yaml", description = "The pipeline definition.")
    Path pipeline;

    @Mixin DefinitionOptions inputs;

    @Mixin HelpOption help;

    private FailureReport failures;

    @Override
    public Integer call() {
        failures = new FailureReport(err, inputs.verbose);
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try {
            PipelineDefinition definition =
                    new PipelineDefinitionParser()
                            .parse(
                                    DefinitionInput.pipelineFile(pipeline),
                                    DefinitionInput.globalConfig(inputs.globalConfig));
            try (JobConnectors connectors =
                    DefinitionInput.connectors(definition, inputs.jars, previous)) {
                Thread.currentThread().setContextClassLoader(connectors.classLoader());
                return check(definition, connectors.classLoader());
            }
        } catch (PipelineConfigException e) {
            failures.print(e.getMessage(), e);
            return PipelineRunner.BAD_INPUT;
        } catch (Exception | LinkageError | ServiceConfigurationError e) {
            failures.print("A start would fail: " + FailureMessages.rootMessage(e), e);
            return PipelineRunner.JOB_FAILED;
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    private int check(PipelineDefinition definition, ClassLoader classLoader) throws Exception {
        Configuration flinkConfiguration =
                Configuration.fromMap(FlinkOptionCheck.keyValues(inputs.flinkOptions));
        failures.hide(definition, flinkConfiguration.toMap());
        FlinkOptionCheck.check(flinkConfiguration.toMap())
                .forEach(warning -> err.println("Warning: " + warning));
        // Nothing runs: the environment only carries the options connectors are created with.
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(flinkConfiguration);
        PipelineConnectors connectors =
                PipelineComposer.forDryRun(classLoader, pipeline.toAbsolutePath().getParent())
                        .connect(definition, env);
        // The applier's connections (a JDBC sink's pool) end with the check.
        try (MetadataApplier applier = connectors.applier()) {
            CheckReport report = PipelineCheck.of(definition, connectors, inputs.verbose);
            report.print(out);
            return report.exitCode();
        }
    }
}
