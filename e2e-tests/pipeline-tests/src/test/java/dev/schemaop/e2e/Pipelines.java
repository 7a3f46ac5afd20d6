package dev.schemaop.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Pipeline definitions the scenarios share. */
final class Pipelines {
    private Pipelines() {}

    /** Copies a script from the test resources into {@code dir}. */
    static Path script(Path dir, String name) throws IOException {
        Path target = dir.resolve(name);
        try (InputStream in = Pipelines.class.getResourceAsStream("/scripts/" + name)) {
            Files.copy(in, target);
        }
        return target;
    }

    /** The all-changes script into the values sink, with extra sink options. */
    static String allChanges(
            Path dir, String behavior, int parallelism, int splits, String sinkOptions)
            throws IOException {
        Path script = dir.resolve("all-changes.yaml");
        if (!Files.exists(script)) {
            script(dir, "all-changes.yaml");
        }
        return "source:\n"
                + "  type: values\n"
                + "  script: "
                + script
                + "\n"
                + "  splits: "
                + splits
                + "\n"
                + "sink:\n"
                + "  type: values\n"
                + "  output.path: "
                + dir.resolve("result.json")
                + "\n"
                + sinkOptions
                + "pipeline:\n"
                + "  parallelism: "
                + parallelism
                + "\n"
                + "  schema.change.behavior: "
                + behavior
                + "\n";
    }

    /**
     * A script from the test resources (copied into {@code dir}) through the values connector,
     * EVOLVE, with these sink options and pipeline lines ("key: value").
     */
    static String valuesScript(
            Path dir,
            String script,
            int parallelism,
            int splits,
            List<String> sinkOptions,
            List<String> pipelineOptions)
            throws IOException {
        StringBuilder yaml =
                new StringBuilder()
                        .append("source:\n")
                        .append("  type: values\n")
                        .append("  script: ")
                        .append(script(dir, script))
                        .append('\n')
                        .append("  splits: ")
                        .append(splits)
                        .append('\n')
                        .append("sink:\n")
                        .append("  type: values\n")
                        .append("  output.path: ")
                        .append(dir.resolve("result.json"))
                        .append('\n');
        for (String option : sinkOptions) {
            yaml.append("  ").append(option).append('\n');
        }
        yaml.append("pipeline:\n")
                .append("  parallelism: ")
                .append(parallelism)
                .append('\n')
                .append("  schema.change.behavior: evolve\n");
        for (String option : pipelineOptions) {
            yaml.append("  ").append(option).append('\n');
        }
        return yaml.toString();
    }
}
