package dev.schemaop.pipeline.definition;

import dev.schemaop.api.PipelineConfigException;

/**
 * Where a YAML node was written: a file (or other source name) and a 1-based line and column. A
 * line of 0 means "the whole file", for things that are missing rather than wrong.
 */
record Location(String file, int line, int column) {

    static Location ofFile(String file) {
        return new Location(file, 0, 0);
    }

    /** An error at this location; {@code format} is ours, user text goes in {@code args}. */
    PipelineConfigException error(String format, Object... args) {
        return new PipelineConfigException(this + ": " + String.format(format, args));
    }

    /**
     * Puts this location in front of an error raised without one (for example by {@code
     * AcceptedChangeTypes} or a settings parser such as {@code BehaviorOption}).
     */
    PipelineConfigException locate(PipelineConfigException error) {
        return new PipelineConfigException(this + ": " + error.getMessage(), error);
    }

    /** {@code file:line}, or just {@code file} for the whole file. */
    @Override
    public String toString() {
        return line > 0 ? file + ":" + line : file;
    }
}
