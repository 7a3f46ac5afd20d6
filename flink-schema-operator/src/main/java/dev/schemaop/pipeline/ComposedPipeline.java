package dev.schemaop.pipeline;

/**
 * What composing a pipeline made, for the command line that runs it.
 *
 * @param connectors the pipeline's source and sink as the job runs them
 * @param sinkCommits whether the sink commits in two phases (at completed checkpoints and at the
 *     end of a bounded input) rather than writing as rows come
 */
public record ComposedPipeline(PipelineConnectors connectors, boolean sinkCommits) {}
